import type { DestinationDetail, PackSummary } from '@shared/api/catalogue';
import { Link, type RouteObject } from 'react-router';
import { PATHS } from '@shared/paths';
import { PacksGrid } from '../../features/catalogue/packs-grid';
import { FaqTeaser } from '../../features/faq/faq-teaser';
import { About } from '../../features/home/about';
import { HomeHero } from '../../features/home/home-hero';
import { PartnerSlider } from '../../features/home/partner-slider';
import { Services } from '../../features/home/services';
import '../../features/home/home.css';
import { ExclusiveOffer } from '../../features/offers/exclusive-offer';
import { Testimonials } from '../../features/testimonials/testimonials';
import type { CatalogueSource } from '../../lib/catalogue-source';
import { DEFAULT_META, type RouteHandle } from '../page-meta';
import { usePageData, usePageState } from '../page-state';

/** The home page shows the first packs (featured first); Deals shows them all. */
const HOME_PACKS = 6;

export interface HomeData {
  /** null when the packs could not be read. */
  packs: PackSummary[] | null;
  heroImage: string | null;
  aboutImage: string | null;
}

const settled = <T,>(r: PromiseSettledResult<T>): T | null => (r.status === 'fulfilled' ? r.value : null);

export async function loadHome(source: CatalogueSource): Promise<HomeData> {
  const [packs, destinations] = await Promise.allSettled([source.packs(), source.destinations()]);
  const list: DestinationDetail[] = settled(destinations) ?? [];
  const lead = list.find((d) => d.main_image) ?? null;
  return {
    packs: settled(packs),
    heroImage: lead?.main_image ?? null,
    aboutImage: lead?.hotel_images[0]?.image ?? lead?.gallery_images[0]?.image ?? null,
  };
}

function HomePage() {
  const { packs, heroImage, aboutImage } = usePageData<HomeData>();
  const { navigation } = usePageState();
  return (
    <>
      <HomeHero image={heroImage} />
      <section className="section" aria-labelledby="packs-title">
        <div className="page-width">
          <span className="section__eyebrow">Ofertas destacadas</span>
          <h2 id="packs-title" className="section__title">
            Paquetes de viaje con descuento
          </h2>
          <p className="section__lead">
            Resorts y hoteles seleccionados en el Caribe y Estados Unidos, con tarifas exclusivas.
          </p>
          <PacksGrid
            packs={packs && packs.slice(0, HOME_PACKS)}
            loading={navigation.state === 'loading' && navigation.location.pathname === PATHS.home}
          />
          {packs && packs.length > HOME_PACKS && (
            <div className="home-packs__more">
              <Link className="button button--ocean" to={PATHS.deals}>
                Ver todas las ofertas
              </Link>
            </div>
          )}
        </div>
      </section>
      <About image={aboutImage} />
      <Services />
      <PartnerSlider />
      <Testimonials />
      <FaqTeaser />
      <ExclusiveOffer packs={packs ?? []} />
    </>
  );
}

const handle: RouteHandle = {
  cacheable: true,
  meta: () => ({
    title: DEFAULT_META.title,
    description:
      'Paquetes de viaje con hasta 40% de descuento en resorts y hoteles de Punta Cana, Cancún, Orlando, Las Vegas y más. Reserva con soporte 24/7.',
    path: PATHS.home,
  }),
};

export const homeRoute = (source: CatalogueSource): RouteObject => ({
  id: 'home',
  index: true,
  loader: () => loadHome(source),
  Component: HomePage,
  handle,
});
