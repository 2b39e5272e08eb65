import { BedIcon, CompassIcon, HeadsetIcon, PlaneIcon } from '../../components/ui/icons';

const SERVICES = [
  {
    icon: CompassIcon,
    title: 'Tours personalizados',
    text: 'Diseñamos tu itinerario con excursiones y actividades a tu medida en cada destino.',
  },
  {
    icon: BedIcon,
    title: 'Estancias económicas',
    text: 'Resorts y hoteles seleccionados con tarifas preferenciales que no encontrarás en otro lugar.',
  },
  {
    icon: PlaneIcon,
    title: 'Boletos aéreos',
    text: 'Te ayudamos a encontrar vuelos convenientes que se ajusten a tus fechas y presupuesto.',
  },
  {
    icon: HeadsetIcon,
    title: 'Soporte 24/7',
    text: 'Un equipo en español disponible a toda hora para resolver cualquier imprevisto.',
  },
];

export function Services() {
  return (
    <section className="section" aria-labelledby="services-title">
      <div className="page-width">
        <div className="section__head--center">
          <span className="section__eyebrow">Nuestros servicios</span>
          <h2 id="services-title" className="section__title">
            Todo lo que necesitas para viajar tranquilo
          </h2>
          <p className="section__lead">Nos encargamos de cada detalle para que tu única tarea sea disfrutar.</p>
        </div>
        <ul className="services">
          {SERVICES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="service-card">
              <span className="service-card__icon">
                <Icon size={28} />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
