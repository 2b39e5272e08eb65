import { PATHS } from '@shared/paths';
import type { DestinationDetail } from '@shared/api/catalogue';
import type { RouteObject } from 'react-router';
import { PageHero } from '../../components/sections/page-hero';
import { DestinationCard } from '../../features/catalogue/destination-card';
import '../../features/catalogue/catalogue.css';
import type { CatalogueSource } from '../../lib/catalogue-source';
import { SITE_NAME, type RouteHandle } from '../page-meta';
import { usePageData } from '../page-state';

export const NO_DESTINATIONS = 'No se encontraron destinos.';

function DestinationsPage() {
  const destinations = usePageData<DestinationDetail[]>();
  const hero =
    destinations.find((d) => d.gallery_images[0])?.gallery_images[0]?.image ?? destinations[0]?.main_image ?? null;
  return (
    <>
      <PageHero
        image={hero}
        title="Destinos"
        subtitle="Playas de arena blanca, parques temáticos y ciudades que nunca duermen: elige tu próximo viaje."
      />
      <section className="section" aria-labelledby="destinations-list-title">
        <div className="page-width">
          <h2 id="destinations-list-title" className="visually-hidden">
            Todos los destinos
          </h2>
          {destinations.length === 0 ? (
            <p className="empty-state">{NO_DESTINATIONS}</p>
          ) : (
            <div className="card-grid">
              {destinations.map((d, i) => (
                <DestinationCard key={d.id} destination={d} eager={i < 3} />
              ))}
            </div>
          )}
        </div>
      </section>
    </>
  );
}

const handle: RouteHandle = {
  cacheable: true,
  meta: () => ({
    title: `Destinos | ${SITE_NAME}`,
    description:
      'Descubre nuestros destinos en el Caribe y Estados Unidos: Punta Cana, Cancún, Orlando, Las Vegas y más.',
    path: PATHS.destinations,
  }),
};

export const destinationsRoute = (source: CatalogueSource): RouteObject => ({
  id: 'destinations',
  path: PATHS.destinations,
  // A catalogue that cannot be read leaves the empty state (SPEC: such failures are swallowed).
  loader: () => source.destinations().catch((): DestinationDetail[] => []),
  Component: DestinationsPage,
  handle,
});
