import { PATHS } from '@shared/paths';
import type { RouteObject } from 'react-router';
import { SimpleHero } from '../../components/sections/simple-hero';
import { ClockIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { BRAND } from '../../config/brand';
import { ContactForm } from '../../features/contact/contact-form';
import { SITE_NAME, type RouteHandle } from '../page-meta';

function ContactPage() {
  return (
    <>
      <SimpleHero
        title="Cuéntanos Tus Dudas Y Obtén Asistencia Inmediata"
        subtitle="Escríbenos y un asesor de viajes te responderá en minutos."
      />
      <section className="section">
        <div className="contact page-width">
          <aside className="contact__info" aria-label="Otras formas de contacto">
            <h2>Estamos para ayudarte</h2>
            <ul>
              {BRAND.phones.map((p) => (
                <li key={p.tel}>
                  <a href={`tel:${p.tel}`}>
                    <PhoneIcon size={18} /> {p.label}
                  </a>
                </li>
              ))}
              <li>
                <a href={`mailto:${BRAND.supportEmail}`}>
                  <MailIcon size={18} /> {BRAND.supportEmail}
                </a>
              </li>
            </ul>
            <p>
              <ClockIcon size={18} /> Lunes a sábado de 9am a 9pm EST · Domingos de 9am a 7pm EST
            </p>
          </aside>
          <div className="contact__card">
            <ContactForm />
          </div>
        </div>
      </section>
    </>
  );
}

const handle: RouteHandle = {
  cacheable: true,
  meta: () => ({
    title: `Contacto | ${SITE_NAME}`,
    description: 'Escríbenos o llámanos: asesores de viaje en español para ayudarte a reservar tu próximo destino.',
    // /contact and /contacto are one page: /contacto is its address.
    path: PATHS.contacto,
  }),
};

/** The contact page answers at both /contact and /contacto. */
export const contactRoutes: RouteObject[] = [
  { id: 'contact', path: PATHS.contact, Component: ContactPage, handle },
  { id: 'contacto', path: PATHS.contacto, Component: ContactPage, handle },
];
