import { PATHS } from '@shared/paths';
import type { RouteObject } from 'react-router';
import { FaqAccordion } from '../../features/faq/faq-accordion';
import { FAQ } from '../../features/faq/faq-data';
import { SimpleHero } from '../../components/sections/simple-hero';
import { SITE_NAME, type RouteHandle } from '../page-meta';

function FaqPage() {
  return (
    <>
      <SimpleHero
        title="Preguntas frecuentes"
        subtitle="Todo lo que necesitas saber antes de reservar tu próximo viaje."
      />
      <section className="section section--white">
        <div className="page-width">
          <FaqAccordion items={FAQ} columns={2} headingLevel={2} />
        </div>
      </section>
    </>
  );
}

const handle: RouteHandle = {
  cacheable: true,
  meta: () => ({
    title: `Preguntas frecuentes | ${SITE_NAME}`,
    description:
      'Vuelos, reembolsos, fechas bloqueadas, tarifa Sneak Peak y más: respuestas a las dudas más comunes sobre nuestras ofertas.',
    path: PATHS.faq,
  }),
};

export const faqRoute: RouteObject = { id: 'faq', path: PATHS.faq, Component: FaqPage, handle };
