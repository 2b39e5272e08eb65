import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { StaffGuard } from '../guards/staff.guard';

/** Who of the staff a route is for: `admin` (admins only) or `desk` (admins and agents working leads). */
export type StaffAccess = 'admin' | 'desk';
export const STAFF_ACCESS_KEY = 'staffAccess';

/**
 * Marks a route (or controller) as needing a signed-in user; with `{ admin: true }` an admin, with
 * `{ desk: true }` an admin or an agent. The JWT guard is global, so this adds the staff check and
 * the OpenAPI security note.
 */
export function Authenticated(options: { admin?: boolean; desk?: boolean } = {}) {
  const decorators = [
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, invalid or expired access token.' }),
  ];
  const access: StaffAccess | null = options.admin ? 'admin' : options.desk ? 'desk' : null;
  if (access) {
    decorators.push(
      SetMetadata(STAFF_ACCESS_KEY, access),
      UseGuards(StaffGuard),
      ApiForbiddenResponse({
        description: access === 'admin' ? 'The user is not an admin.' : 'The user is neither an admin nor an agent.',
      }),
    );
  }
  return applyDecorators(...decorators);
}

/**
 * Opens one route of an admin-only controller to agents too (the lead desk's reads and work).
 * The controller's `@Authenticated({ admin: true })` still guards it; this only changes who passes.
 */
export function DeskAccess() {
  return applyDecorators(
    SetMetadata(STAFF_ACCESS_KEY, 'desk'),
    ApiForbiddenResponse({ description: 'The user is neither an admin nor an agent.' }),
  );
}
