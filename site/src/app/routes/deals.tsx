import { PATHS } from '@shared/paths';
import type { PackSummary } from '@shared/api/catalogue';
import type { RouteObject } from 'react-router';
import { PageHero } from '../../components/sections/page-hero';
import { PacksGrid } from '../../features/catalogue/packs-grid';
import type { CatalogueSource } from '../../lib/catalogue-source';
import { SITE_NAME, type RouteHandle } from '../page-meta';
import { usePageData, usePageState } from '../page-state';

export interface DealsData {
  packs: PackSummary[] | null;
  heroImage: string | null;
}

function DealsPage() {
  const { packs, heroImage } = usePageData<DealsData>();
  const { navigation } = usePageState();
  return (
    <>
      <PageHero
        image={heroImage}
        title="Ofertas de viaje por tiempo limitado"
        subtitle="Ahorra hasta 40% en resorts todo incluido y hoteles seleccionados."
      />
      <section className="section" aria-labelledby="deals-packs-title">
        <div className="page-width">
          <h2 id="deals-packs-title" className="visually-hidden">
            Paquetes de viaje
          </h2>
          <PacksGrid
            packs={packs}
            eagerFirst
            loading={navigation.state === 'loading' && navigation.location.pathname === PATHS.deals}
          />
        </div>
      </section>
    </>
  );
}

const handle: RouteHandle = {
  cacheable: true,
  meta: () => ({
    title: `Deals: paquetes de viaje con descuento | ${SITE_NAME}`,
    description: 'Todas nuestras ofertas de viaje: resorts y hoteles en el Caribe y Estados Unidos con hasta 40% OFF.',
    path: PATHS.deals,
  }),
};

export const dealsRoute = (source: CatalogueSource): RouteObject => ({
  id: 'deals',
  path: PATHS.deals,
  loader: async (): Promise<DealsData> => {
    const packs = await source.packs().catch(() => null);
    const heroImage = packs?.find((p) => p.images[1])?.images[1] ?? packs?.[0]?.image ?? null;
    return { packs, heroImage };
  },
  Component: DealsPage,
  handle,
});
