import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  PathItemObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { defaultErrorText } from '../filters/error-body';
import type { ControllerRoute } from './route-table';

/** The name of the one error body schema in `components.schemas`. */
export const ERROR_BODY_SCHEMA = 'ErrorBody';

/** src/common/filters/error-body.ts's ErrorBody, as JSON Schema: every 4xx and 5xx answer of the API. */
const ERROR_BODY: SchemaObject = {
  type: 'object',
  description:
    'Every error of the API. `error` and `message` carry the same human-readable text; `errors` maps ' +
    'each refused field to its message on validation failures.',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599, example: 400 },
    error: { type: 'string', example: 'First Name is required' },
    message: { type: 'string', example: 'First Name is required' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      example: { first_name: 'First Name is required' },
    },
    success: {
      type: 'boolean',
      enum: [false],
      description: 'Only on the public lead and contact forms (their site reads it).',
    },
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type Method = (typeof METHODS)[number];

/** `/api/users/user/:id` as OpenAPI writes it: `/api/users/user/{id}`. */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What the router itself (before any controller) may answer on a route with these traits. */
function statusesOf(route: ControllerRoute | undefined, path: string, operation: OperationObject): number[] {
  const statuses = [
    // Every route: a malformed query string (control characters, too many parameters), malformed JSON.
    400,
    // The shared state (database, Redis) down: a 503 with Retry-After.
    503,
  ];
  if (route && !route.isPublic) statuses.push(401);
  if (route?.adminOnly || route?.deskOpen) statuses.push(403);
  if (path.includes('{')) statuses.push(404);
  if (operation.requestBody) statuses.push(413, 415);
  if (route && !skipsThrottle(route)) statuses.push(429);
  return statuses;
}

/** @nestjs/throttler's @SkipThrottle() on the handler or its controller (the 'default' throttler). */
function skipsThrottle(route: ControllerRoute): boolean {
  const key = 'THROTTLER:SKIPdefault';
  return !!(Reflect.getMetadata(key, route.handlerFn) ?? Reflect.getMetadata(key, route.controller));
}

/**
 * OpenAPI 3.0's `nullable` as OpenAPI 3.1 writes it: `type: ['string', 'null']`, and for a
 * reference (`allOf: [{ $ref }]`, which 3.0 cannot make nullable) `anyOf: [{ $ref }, { type: 'null' }]`.
 */
function toNullable31(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(toNullable31);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const schema = value as Record<string, unknown>;
  for (const child of Object.values(schema)) toNullable31(child);
  if (schema.nullable !== true) return;
  delete schema.nullable;
  const allOf = schema.allOf as SchemaObject[] | undefined;
  if (Array.isArray(allOf) && allOf.length === 1) {
    delete schema.allOf;
    delete schema.type;
    schema.anyOf = [allOf[0], { type: 'null' }];
  } else if (typeof schema.type === 'string') {
    schema.type = [schema.type, 'null'];
    if (Array.isArray(schema.enum)) schema.enum = [...(schema.enum as unknown[]), null];
  } else if (Array.isArray(schema.oneOf)) {
    schema.oneOf = [...(schema.oneOf as unknown[]), { type: 'null' }];
  }
}

/**
 * Completes the document SwaggerModule builds from the decorators, with what the decorators
 * cannot say route by route:
 * - every error answer (4xx, 5xx) has the one error body (`#/components/schemas/ErrorBody`);
 * - the answers every route may give before its handler runs: 400 (malformed query or JSON), 503
 *   (shared state down), 401 on signed-in routes, 403 on admin routes, 404 where the path names a
 *   resource, 413 and 415 where a body is read, 429 where the rate limit applies;
 * - nullability written as OpenAPI 3.1 does, so a nullable reference really admits null;
 * - each path also with the trailing slash (README: paths work with and without one).
 */
export function completeOpenApiDocument(document: OpenAPIObject, routes: readonly ControllerRoute[]): OpenAPIObject {
  const byOperation = new Map(routes.map((r) => [`${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`, r]));
  const errorRef = { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` };
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, [ERROR_BODY_SCHEMA]: ERROR_BODY },
  };

  const paths: Record<string, PathItemObject> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method as Method];
      if (!operation) continue;
      const route = byOperation.get(`${method} ${path}`);
      const responses = operation.responses as Record<string, ResponseObject>;
      for (const status of statusesOf(route, path, operation)) {
        responses[status] ??= { description: defaultErrorText(status) };
      }
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400 && !('$ref' in response)) {
          response.content = { 'application/json': { schema: errorRef } };
        }
      }
    }
    paths[path] = item;
  }
  // The same operations under the path with a trailing slash (distinct operationIds).
  for (const [path, item] of Object.entries(paths)) {
    if (path.endsWith('/')) continue;
    const alias: PathItemObject = {};
    for (const method of METHODS) {
      const operation = item[method as Method];
      if (!operation) continue;
      alias[method as Method] = {
        ...operation,
        operationId: operation.operationId ? `${operation.operationId}_slash` : undefined,
      };
    }
    paths[`${path}/`] ??= alias;
  }
  document.paths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  toNullable31(document);
  document.openapi = '3.1.0';
  return document;
}
