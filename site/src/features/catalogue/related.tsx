import type { DestinationDetail } from '@shared/api/catalogue';
import { DestinationCard } from './destination-card';

export const NO_RELATED = 'No related destinations found.';

export function Related({ destinations }: { destinations: DestinationDetail[] }) {
  return (
    <section className="section" aria-labelledby="related-title">
      <div className="page-width">
        <span className="section__eyebrow">Sigue explorando</span>
        <h2 id="related-title" className="section__title">
          Otros destinos que te pueden gustar
        </h2>
        {destinations.length === 0 ? (
          <p className="empty-state">{NO_RELATED}</p>
        ) : (
          <div className="card-grid">
            {destinations.slice(0, 3).map((d) => (
              <DestinationCard key={d.id} destination={d} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
