import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../../common/filters/error-body';

/**
 * The public lead and contact calls answer errors in the API's one shape plus `success: false`,
 * which the site reads (SPEC section 7). Unexpected errors are logged like the global filter does.
 */
@Catch()
export class PublicFormExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('PublicForms');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const body = { ...toErrorBody(exception), success: false };
    const path = request?.url?.split('?')[0];
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, method: request?.method, url: path }, `${request?.method} ${path} failed: ${(exception as Error)?.message}`);
    }
    if (reply.sent) return;
    if (body.statusCode === 503 && !reply.getHeader('Retry-After')) reply.header('Retry-After', '5');
    reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
