import { DestinationDetail, discountPercentage, PackSummary } from '../../shared/api/catalogue';
import { toPublicImageUrl } from '../media/image-url';
import { Destination } from './entities/destination.entity';
import { TravelPack } from './entities/travel-pack.entity';

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) => a.position - b.position || a.id - b.id;

export function toDestinationDetail(d: Destination, packs: TravelPack[]): DestinationDetail {
  const images = [...(d.images ?? [])].sort(byPosition);
  const ref = (kind: 'gallery' | 'hotel') =>
    images.filter((i) => i.kind === kind).map((i) => ({ id: i.id, image: toPublicImageUrl(i.image)! }));
  const cheapest = [...packs].sort((a, b) => (a.discount_price ?? a.price) - (b.discount_price ?? b.price))[0];
  return {
    id: d.id,
    name: d.name,
    location: d.location,
    description: d.description,
    status: d.status,
    main_image: toPublicImageUrl(d.main_image),
    gallery_images: ref('gallery'),
    hotel_images: ref('hotel'),
    things_to_do: [...(d.things_to_do ?? [])]
      .sort((a, b) => a.id - b.id)
      .map((t) => ({ id: t.id, title: t.title, description: t.description })),
    is_priority: d.is_priority,
    latitude: d.latitude,
    longitude: d.longitude,
    starting_price: cheapest ? cheapest.price : null,
    starting_discount_price: cheapest ? cheapest.discount_price : null,
    discount_percentage: cheapest ? discountPercentage(cheapest.price, cheapest.discount_price) : 0,
  };
}

export function toPackSummary(p: TravelPack, destination: Destination): PackSummary {
  const gallery = [...(destination.images ?? [])]
    .filter((i) => i.kind === 'gallery')
    .sort(byPosition)
    .map((i) => toPublicImageUrl(i.image)!);
  const main = toPublicImageUrl(destination.main_image);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    discount_price: p.discount_price,
    discount_percentage: discountPercentage(p.price, p.discount_price),
    features: p.features ?? [],
    amenities: p.amenities ?? [],
    destination: { id: destination.id, name: destination.name },
    destination_name: destination.name,
    available_from: p.available_from,
    available_to: p.available_to,
    is_featured: p.is_featured,
    image: main,
    images: main ? [main, ...gallery] : gallery,
  };
}
