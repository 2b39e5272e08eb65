import { Picture } from '../../components/ui/picture';

const STATS = [
  { value: '+30,000', label: 'viajeros atendidos' },
  { value: '+15', label: 'años de experiencia' },
  { value: '24/7', label: 'soporte en español' },
];

export function About({ image }: { image: string | null }) {
  return (
    <section className="section section--white" aria-labelledby="about-title">
      <div className="about page-width">
        <div className="about__media">
          <Picture src={image} alt="" width={800} height={533} sizes="(max-width: 800px) 100vw, 560px" />
        </div>
        <div>
          <span className="section__eyebrow">Sobre nosotros</span>
          <h2 id="about-title" className="section__title">
            Viajes soñados a precios que sí puedes pagar
          </h2>
          <p className="section__lead">
            Somos una agencia de viajes con más de 15 años de experiencia negociando tarifas exclusivas en resorts y
            hoteles del Caribe y Estados Unidos. Nuestro equipo te acompaña antes, durante y después de tu viaje para
            que solo te ocupes de disfrutar.
          </p>
          <ul className="about__stats">
            {STATS.map((s) => (
              <li key={s.label}>
                <strong>{s.value}</strong>
                <span>{s.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
