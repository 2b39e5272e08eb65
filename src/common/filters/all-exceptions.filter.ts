import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from './error-body';

/** Every error leaves the server as JSON in one shape; only unexpected ones are logged with a stack. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      this.logger.error(
        { err: exception, method: request?.method, url: request?.url?.split('?')[0] },
        `${request?.method} ${request?.url?.split('?')[0]} failed: ${(exception as Error)?.message}`,
      );
    }
    if (reply.sent) return;
    if (body.statusCode === 503) reply.header('Retry-After', '5');
    reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
