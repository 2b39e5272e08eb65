import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { PRIVACY_MESSAGES } from '../../shared/api/privacy';

/**
 * The route's `:id` must be the caller's own account (admins included: nobody exports or deletes
 * someone else's account here). A guard, so the refusal comes before the body is even checked.
 */
@Injectable()
export class OwnAccountGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<{ params?: { id?: string }; user?: { id?: number } }>();
    if (req.user?.id !== undefined && String(req.user.id) === req.params?.id) return true;
    throw new ForbiddenException(PRIVACY_MESSAGES.forbidden);
  }
}
