import { TravelPack } from '../../catalogue/entities/travel-pack.entity';
import { AdminPack } from '../../../shared/api/admin';
import { iso } from '../common/formatting';

/** Expects `destination` to be loaded. */
export function toAdminPack(pack: TravelPack): AdminPack {
  const destination = { id: pack.destination_id, name: pack.destination?.name ?? '' };
  return {
    id: pack.id,
    name: pack.name,
    description: pack.description,
    price: pack.price,
    discount_price: pack.discount_price,
    features: pack.features ?? [],
    amenities: pack.amenities ?? [],
    destination_id: pack.destination_id,
    destination,
    destination_name: destination.name,
    available_from: pack.available_from,
    available_to: pack.available_to,
    is_featured: pack.is_featured,
    created_at: iso(pack.created_at) ?? '',
    updated_at: iso(pack.updated_at) ?? '',
  };
}
