import { AdminUser } from '../../../shared/api/admin';
import { User } from '../../users/entities/user.entity';
import { formatDateTime } from '../../../shared/rules/primitives';
import { fullName, iso } from '../common/formatting';

/** The one place a User becomes a response: the password hash has no way out. */
export function toAdminUser(user: User): AdminUser {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    email: user.email,
    phone: user.phone,
    is_active: user.is_active,
    is_superuser: user.is_superuser,
    is_agent: user.is_agent,
    receives_leads: user.receives_leads,
    date_joined: iso(user.date_joined) ?? '',
    formatted_date_joined: formatDateTime(user.date_joined),
    last_login: iso(user.last_login),
  };
}
