import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AdminGuard } from '../guards/admin.guard';

export const ADMIN_ONLY_KEY = 'adminOnly';

/**
 * Marks a route (or controller) as needing a signed-in user; with `{ admin: true }` an admin.
 * The JWT guard is global, so this adds the admin check and the OpenAPI security note.
 */
export function Authenticated(options: { admin?: boolean } = {}) {
  const decorators = [
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired access token.' }),
  ];
  if (options.admin) {
    decorators.push(
      SetMetadata(ADMIN_ONLY_KEY, true),
      UseGuards(AdminGuard),
      ApiForbiddenResponse({ description: 'The user is not an admin.' }),
    );
  }
  return applyDecorators(...decorators);
}
