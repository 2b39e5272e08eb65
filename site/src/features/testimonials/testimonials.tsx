import { useEffect, useState } from 'react';
import { StarIcon } from '../../components/ui/icons';
import { TESTIMONIALS, TESTIMONIALS_PAGE, type Testimonial } from './testimonials-data';
import './testimonials.css';

const AVATAR_COLORS = ['#0b5d7a', '#c8401f', '#1f7a4d', '#7a3b8f', '#a8660b', '#3b4a9c'];

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function Avatar({ person, index }: { person: Testimonial; index: number }) {
  const [failed, setFailed] = useState(false);
  if (person.image && !failed) {
    return (
      <img
        className="testimonial__avatar"
        src={person.image}
        alt=""
        width={52}
        height={52}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="testimonial__avatar testimonial__avatar--initial"
      style={{ background: AVATAR_COLORS[index % AVATAR_COLORS.length] }}
      aria-hidden="true"
    >
      {person.name.charAt(0)}
    </span>
  );
}

/**
 * The nine testimonials in random order: three first, three more per 'Cargar más'. The server
 * renders the built-in order; the browser shuffles after hydrating.
 */
export function Testimonials() {
  const [order, setOrder] = useState<readonly Testimonial[]>(TESTIMONIALS);
  const [shown, setShown] = useState(TESTIMONIALS_PAGE);
  useEffect(() => setOrder(shuffled(TESTIMONIALS)), []);

  return (
    <section className="section section--tint" aria-labelledby="testimonials-title">
      <div className="page-width">
        <div className="section__head--center">
          <span className="section__eyebrow">Testimonios</span>
          <h2 id="testimonials-title" className="section__title">
            Lo que dicen nuestros viajeros
          </h2>
        </div>
        <ul className="testimonials">
          {order.slice(0, shown).map((t) => (
            <li key={t.name} className="testimonial">
              <div className="testimonial__stars" role="img" aria-label="5 de 5 estrellas">
                {Array.from({ length: 5 }, (_, i) => (
                  <StarIcon key={i} size={16} />
                ))}
              </div>
              <blockquote>“{t.comment}”</blockquote>
              <div className="testimonial__person">
                <Avatar person={t} index={TESTIMONIALS.indexOf(t)} />
                <strong>{t.name}</strong>
              </div>
            </li>
          ))}
        </ul>
        {shown < order.length && (
          <div className="testimonials__more">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setShown((n) => n + TESTIMONIALS_PAGE)}
            >
              Cargar más
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
