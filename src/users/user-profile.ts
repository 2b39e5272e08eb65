import type { UserProfile } from '../../shared/api/account';
import { formatDateTime } from '../../shared/rules/primitives';
import { User } from './entities/user.entity';

/** The only way a user leaves the server: an explicit list of fields, never the hash. */
export function toUserProfile(user: User): UserProfile {
  const joined = user.date_joined instanceof Date ? user.date_joined : new Date(user.date_joined);
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: `${user.first_name} ${user.last_name}`.trim(),
    phone: user.phone,
    is_active: !!user.is_active,
    is_superuser: !!user.is_superuser,
    date_joined: joined.toISOString(),
    formatted_date_joined: formatDateTime(joined),
  };
}
