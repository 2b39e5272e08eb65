import { HttpException, HttpStatus } from '@nestjs/common';
import { isDatabaseDown } from '../../database/db-errors';

/** The one JSON error shape of the API. `error` and `message` carry the same human text. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

const DEFAULT_TEXT: Record<number, string> = {
  400: 'Bad request.',
  401: 'Authentication credentials were not provided or are invalid.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflict.',
  413: 'Request body is too large.',
  415: 'Unsupported media type.',
  429: 'Too many requests. Please try again later.',
  500: 'Internal server error.',
  503: 'Service temporarily unavailable. Please try again shortly.',
};

export function defaultErrorText(status: number): string {
  return DEFAULT_TEXT[status] ?? (status >= 500 ? DEFAULT_TEXT[500] : DEFAULT_TEXT[400]);
}

/** Maps anything thrown to a status and an ErrorBody. Unknown errors are 500 (and get logged by the caller). */
function isMalformedJson(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? '';
  const message = (err as Error)?.message ?? '';
  return (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /^Body is not valid JSON|^Unexpected (token|end of JSON)/.test(message)
  );
}

export function toErrorBody(exception: unknown): ErrorBody {
  if (isMalformedJson(exception)) {
    const text = 'Malformed JSON in request body.';
    return { statusCode: 400, error: text, message: text };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let text = defaultErrorText(status);
    const extras: Record<string, unknown> = {};
    if (typeof response === 'string') {
      text = response;
    } else if (response && typeof response === 'object') {
      const r = response as Record<string, unknown>;
      const candidate = Array.isArray(r.message) ? r.message[0] : r.message;
      const errorText = typeof r.error === 'string' && r.error !== HttpStatus[status] ? r.error : undefined;
      if (
        typeof candidate === 'string' &&
        candidate &&
        !/^(Cannot (GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) |ThrottlerException)/.test(candidate)
      ) {
        text = candidate;
      } else if (errorText) {
        text = errorText;
      }
      for (const [k, v] of Object.entries(r)) {
        if (!['statusCode', 'message', 'error'].includes(k)) extras[k] = v;
      }
    }
    return { ...extras, statusCode: status, error: text, message: text };
  }
  const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
    const code = (exception as { code?: string }).code ?? '';
    let text = defaultErrorText(fastifyStatus);
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      text = 'Request body is empty.';
    }
    return { statusCode: fastifyStatus, error: text, message: text };
  }
  if (isDatabaseDown(exception)) {
    const text = defaultErrorText(503);
    return { statusCode: 503, error: text, message: text };
  }
  const text = defaultErrorText(500);
  return { statusCode: 500, error: text, message: text };
}
