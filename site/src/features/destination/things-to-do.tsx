import type { DestinationDetail } from '@shared/api/catalogue';
import { CompassIcon } from '../../components/ui/icons';
import { Weather } from './weather';

export const NO_ACTIVITIES = 'Aún no se han agregado actividades.';

/** 'Qué Hacer En {destino}': the weather, the description and the highlighted activities. */
export function ThingsToDo({ destination: d }: { destination: DestinationDetail }) {
  return (
    <section className="section section--tint" aria-labelledby="todo-title">
      <div className="todo page-width">
        <div className="todo__intro">
          <h2 id="todo-title" className="section__title">
            Qué Hacer En {d.name}
          </h2>
          <Weather destinationId={d.id} />
          <p className="todo__description">{d.description}</p>
        </div>
        {d.things_to_do.length === 0 ? (
          <p className="empty-state">{NO_ACTIVITIES}</p>
        ) : (
          <ul className="todo__list">
            {d.things_to_do.map((t) => (
              <li key={t.id} className="todo__item">
                <span className="service-card__icon">
                  <CompassIcon size={24} />
                </span>
                <div>
                  <h3>{t.title}</h3>
                  <p>{t.description}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
