import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthUser } from '../decorators/auth-user';
import { STAFF_ACCESS_KEY, StaffAccess } from '../decorators/authenticated.decorator';

export const NO_PERMISSION = 'You do not have permission to perform this action.';

/** May this user do what the route asks? `desk`: admins and agents; `admin`: admins only. */
export function staffMay(user: Pick<AuthUser, 'is_admin' | 'is_agent'>, access: StaffAccess): boolean {
  return user.is_admin || (access === 'desk' && user.is_agent);
}

/**
 * The staff check of the back-office routes. The route's own `@Authenticated`/`@DeskAccess` wins
 * over its controller's, so a controller closed to agents opens one route at a time, by name.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const access = this.reflector.getAllAndOverride<StaffAccess | undefined>(STAFF_ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!access) return true;
    const user = context.switchToHttp().getRequest().user as AuthUser | undefined;
    if (!user) throw new UnauthorizedException();
    if (!staffMay(user, access)) throw new ForbiddenException(NO_PERMISSION);
    return true;
  }
}
