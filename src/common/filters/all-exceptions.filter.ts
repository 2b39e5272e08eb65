import { ArgumentsHost, Catch, ExceptionFilter, Inject, Logger, Optional } from '@nestjs/common';
import { accessLogRequest } from '../http/access-log';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeQueryError, isQueryError } from '../../database/db-errors';
import { toErrorBody } from './error-body';

export interface ErrorFilterOptions {
  /** Adds `success: false` to every error body: the public lead and contact calls, whose site reads it. */
  successFlag?: boolean;
}

/** The DI token of the options (never provided: the global filter takes the defaults). */
export const ERROR_FILTER_OPTIONS = Symbol('ERROR_FILTER_OPTIONS');

/** Every error leaves the server as JSON in one shape; only unexpected ones are logged with a stack. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(@Optional() @Inject(ERROR_FILTER_OPTIONS) private readonly options: ErrorFilterOptions = {}) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const body = this.options?.successFlag ? { ...toErrorBody(exception), success: false } : toErrorBody(exception);
    // The path as the access log writes it: no query, one-time links' tokens masked.
    const path = request ? accessLogRequest(request).url : undefined;
    if (body.statusCode >= 500) {
      this.logger.error(
        { err: exception, method: request?.method, url: path },
        `${request?.method} ${path} failed: ${isQueryError(exception) ? describeQueryError(exception) : (exception as Error)?.message}`,
      );
    }
    if (reply.sent) return;
    const retryAfter = (exception as { retryAfterSeconds?: unknown })?.retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
    else if (body.statusCode === 503 && !reply.getHeader('Retry-After')) reply.header('Retry-After', '5');
    reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

/** For @UseFilters on the public form controllers. */
export const PUBLIC_FORM_ERRORS = new AllExceptionsFilter({ successFlag: true });
