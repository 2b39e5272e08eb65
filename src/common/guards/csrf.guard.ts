import { randomBytes } from 'node:crypto';
import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../shared/api/account';
import { ACCOUNT_MESSAGES } from '../../../shared/rules/account';
import { safeEqual } from '../crypto/token-hash';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

/** Keeps a valid csrftoken cookie, or sets a new one; returns its value. Readable by scripts on purpose. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const current = request.cookies?.[CSRF_COOKIE];
  const token = current && TOKEN_SHAPE.test(current) ? current : randomBytes(32).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: 7 * 24 * 3600 });
  return token;
}

/**
 * Double-submit CSRF check: the X-CSRFToken header must equal the csrftoken cookie. A cross-site
 * page can make the browser send the cookie but cannot read it to copy it into the header.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const cookie = request.cookies?.[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    if (
      typeof cookie !== 'string' ||
      typeof header !== 'string' ||
      !TOKEN_SHAPE.test(cookie) ||
      !safeEqual(cookie, header)
    ) {
      throw new ForbiddenException({ message: ACCOUNT_MESSAGES.csrfFailed, success: false });
    }
    return true;
  }
}
