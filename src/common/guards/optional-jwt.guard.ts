import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { SharedStateUnavailableException } from '../../redis/redis-unavailable';

/**
 * For @Public() routes that behave differently for a signed-in admin (sign-up with is_superuser):
 * no Authorization header leaves request.user empty; a header with a bad token is a 401.
 */
@Injectable()
export class OptionalJwtGuard extends AuthGuard('jwt') {
  canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    if (!request.headers.authorization) return true;
    return super.canActivate(context);
  }

  handleRequest<T>(err: unknown, user: T): T {
    // The deny-list could not be read (shared store down): a 503, not a sign-out.
    if (err instanceof SharedStateUnavailableException) throw err;
    if (err || !user) throw new UnauthorizedException('Authentication credentials were not provided or are invalid.');
    return user;
  }
}
