import type { DestinationDetail, PackSummary } from '@shared/api/catalogue';
import { destinationSlug } from '@shared/api/catalogue';
import { redirect, type RouteObject } from 'react-router';
import { destinationPath, ROUTE_PATTERNS } from '@shared/paths';
import { DestinationPage, type DestinationData } from './destination-page';
import type { CatalogueSource } from '../../lib/catalogue-source';
import { SITE_NAME, type MetaArgs, type RouteHandle } from '../page-meta';
import { notFound, usePageData } from '../page-state';
import { previewImage } from '../seo';

export type { DestinationData };

const DESCRIPTION_MAX = 155;

const handle: RouteHandle = {
  cacheable: true,
  hideNav: true,
  meta: ({ data: d }: MetaArgs<DestinationData>) => {
    const text = d.destination.description.replace(/\s+/g, ' ').trim();
    return {
      title: `${d.destination.name}: ofertas y paquetes de viaje | ${SITE_NAME}`,
      description: text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text,
      path: destinationPath(d.destination),
      image: previewImage(d.destination.main_image, `${d.destination.name}, ${d.destination.location}`),
    };
  },
};

function DestinationRoute() {
  const loaded = usePageData<DestinationData>();
  return <DestinationPage key={loaded.destination.id} {...loaded} />;
}

export const destinationRoute = (source: CatalogueSource): RouteObject => ({
  id: 'destination',
  path: ROUTE_PATTERNS.destination,
  loader: async ({ params }): Promise<DestinationData> => {
    const id = /^[1-9]\d{0,9}$/.test(params.id ?? '') ? Number(params.id) : null;
    const destination = id === null ? null : await source.destination(id);
    if (!destination) throw notFound();
    // One address per destination: other spellings of the slug move to it.
    if (params.slug !== destinationSlug(destination.name)) throw redirect(destinationPath(destination), 301);
    const [packs, related] = await Promise.all([
      source.packsOfDestination(destination.id).catch((): PackSummary[] => []),
      source.related(destination.id).catch((): DestinationDetail[] => []),
    ]);
    return { destination, packs, related };
  },
  Component: DestinationRoute,
  handle,
});
