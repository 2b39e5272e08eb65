import { HttpException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { JwtStrategy } from './jwt.strategy';
import { AccessTokenPayload } from '../common/decorators/auth-user';
import { AppConfig } from '../config/app-config';
import { defaultErrorText, toErrorBody } from '../common/filters/error-body';

/** Where SwaggerModule serves the OpenAPI document, its UI and the UI's files. */
export const API_DOCS_PATH = '/api/docs';

function refuse(reply: FastifyReply, status: number, text = defaultErrorText(status)): FastifyReply {
  if (status === 401) void reply.header('WWW-Authenticate', 'Bearer');
  if (status === 503) void reply.header('Retry-After', '5');
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('content-type', 'application/json; charset=utf-8')
    .send({ statusCode: status, error: text, message: text });
}

/**
 * The OpenAPI document lists every route of the back-office. With API_DOCS=admin (the default in
 * production) it, its UI and the UI's files answer only a request carrying a signed-in admin's
 * access token (`Authorization: Bearer …`), judged exactly as the API judges one (JwtStrategy:
 * signature, expiry, deny-list, active account, admin rights re-read): anything else is a 401, a
 * customer's token a 403. With API_DOCS=public (the default elsewhere) anyone may read them.
 * The check is attached to the docs' own routes as they are registered (onRoute), so no spelling
 * of the URL the router accepts (double slashes, a trailing slash, percent-encoding) gets around it.
 * Call before SwaggerModule.setup().
 */
export function protectApiDocs(app: NestFastifyApplication, config: AppConfig): void {
  if (config.apiDocs === 'public') return;
  const jwt = app.get(JwtService);
  const strategy = app.get(JwtStrategy);

  const adminOnly = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const [scheme, token, extra] = (request.headers.authorization ?? '').trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer' || !token || extra !== undefined) return refuse(reply, 401);
    try {
      const payload = jwt.verify<AccessTokenPayload & { iat?: unknown; exp?: unknown }>(token);
      const user = await strategy.validate(payload);
      if (!user) return refuse(reply, 401);
      if (!user.is_admin) return refuse(reply, 403);
    } catch (err) {
      // The deny-list could not be read (shared state down): a 503, as on every signed-in route.
      if (err instanceof HttpException) {
        const body = toErrorBody(err);
        return refuse(reply, body.statusCode, body.message);
      }
      return refuse(reply, 401);
    }
  };

  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route: RouteOptions) => {
      if (
        route.url !== API_DOCS_PATH &&
        !route.url.startsWith(`${API_DOCS_PATH}/`) &&
        !route.url.startsWith(`${API_DOCS_PATH}-`)
      )
        return;
      const own = route.onRequest ? ([] as unknown[]).concat(route.onRequest) : [];
      route.onRequest = [adminOnly, ...own] as RouteOptions['onRequest'];
    });
}
