import { DestinationImage } from '../../catalogue/entities/destination-image.entity';
import { Destination } from '../../catalogue/entities/destination.entity';
import { ThingToDo } from '../../catalogue/entities/thing-to-do.entity';
import { toPublicImageUrl } from '../../media/image-url';
import { AdminDestination, AdminThingToDo } from '../../../shared/api/admin';
import { iso } from '../common/formatting';

export function toAdminThingToDo(thing: ThingToDo): AdminThingToDo {
  return { id: thing.id, title: thing.title, description: thing.description };
}

/** `images` and `things` are this destination's rows (any order; sorted here). */
export function toAdminDestination(
  destination: Destination,
  images: DestinationImage[],
  things: ThingToDo[],
): AdminDestination {
  const ordered = [...images].sort((a, b) => a.position - b.position || a.id - b.id);
  const ofKind = (kind: DestinationImage['kind']) =>
    ordered.filter((i) => i.kind === kind).map((i) => ({ id: i.id, image: toPublicImageUrl(i.image) ?? '' }));
  const todo = [...things].sort((a, b) => a.id - b.id).map(toAdminThingToDo);
  return {
    id: destination.id,
    name: destination.name,
    location: destination.location,
    description: destination.description,
    status: destination.status,
    is_priority: !!destination.is_priority,
    main_image: toPublicImageUrl(destination.main_image),
    gallery_images: ofKind('gallery'),
    hotel_images: ofKind('hotel'),
    things_to_do: todo,
    things_to_do_count: todo.length,
    created_at: iso(destination.created_at) ?? '',
    updated_at: iso(destination.updated_at) ?? '',
  };
}
