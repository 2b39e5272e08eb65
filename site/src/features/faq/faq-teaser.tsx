import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { FaqAccordion } from './faq-accordion';
import { FAQ_TEASER } from './faq-teaser-data';

export function FaqTeaser() {
  return (
    <section className="section section--white" aria-labelledby="faq-teaser-title">
      <div className="faq-teaser page-width">
        <div>
          <span className="section__eyebrow">Preguntas frecuentes</span>
          <h2 id="faq-teaser-title" className="section__title">
            ¿Tienes dudas antes de viajar?
          </h2>
          <p className="section__lead">Resolvemos las preguntas más comunes sobre nuestras ofertas y reservas.</p>
          <Link className="button button--ocean" to={PATHS.faq}>
            Ver todas las preguntas
          </Link>
        </div>
        <FaqAccordion items={FAQ_TEASER} columns={1} />
      </div>
    </section>
  );
}
