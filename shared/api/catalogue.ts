/** Response shapes of the public catalogue API (GET /api/travel-packs..., /api/destinations...). */

export interface ImageRef {
  id: number;
  /** Absolute path under /uploads. */
  image: string;
}

export interface ThingToDoItem {
  id: number;
  title: string;
  description: string;
}

export interface PackSummary {
  id: number;
  name: string;
  description: string;
  price: number;
  discount_price: number | null;
  /** Rounded (price - discount_price) / price × 100; 0 without a discount. */
  discount_percentage: number;
  features: string[];
  amenities: string[];
  destination: { id: number; name: string };
  destination_name: string;
  available_from: string;
  available_to: string;
  is_featured: boolean;
  /** The destination's main image (packs have no images of their own). */
  image: string | null;
  /** Carousel: the destination's main and gallery images. */
  images: string[];
}

export interface DestinationDetail {
  id: number;
  name: string;
  location: string;
  description: string;
  status: string;
  main_image: string | null;
  gallery_images: ImageRef[];
  hotel_images: ImageRef[];
  things_to_do: ThingToDoItem[];
  is_priority: boolean;
  latitude: number | null;
  longitude: number | null;
  /** Cheapest current offer among the destination's packs (for cards and the sticky bar). */
  starting_price: number | null;
  starting_discount_price: number | null;
  discount_percentage: number;
}

export function discountPercentage(price: number, discountPrice: number | null): number {
  if (!discountPrice || !(price > 0) || discountPrice >= price) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}

/** The URL slug of a destination page: lower-cased name, spaces as hyphens ("Punta Cana" is /punta-cana). */
export function destinationSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
