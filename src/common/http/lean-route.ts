import {
  CanActivate,
  ExceptionFilter,
  ForbiddenException,
  PipeTransform,
  RequestMethod,
  SetMetadata,
  type Type,
} from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  FILTER_CATCH_EXCEPTIONS,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  RESPONSE_PASSTHROUGH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isObservable, lastValueFrom } from 'rxjs';
import { IS_PUBLIC_KEY } from '../decorators/public.decorator';
import { QUEUES_OWN_WRITES_KEY } from '../decorators/writes-data.decorator';
import { SqliteWriteQueueInterceptor } from '../interceptors/sqlite-write-queue.interceptor';
import { GLOBAL_FILTER, GLOBAL_GUARDS, GLOBAL_INTERCEPTORS } from './global-pipeline';
import { traceMark, withRequestTrace } from './request-trace';
import { listControllerRoutes } from './route-table';

export const LEAN_ROUTE_KEY = 'leanRoute';

/**
 * Runs this public form handler from a Fastify hook instead of Nest's routed pipeline, through the
 * very same steps: the global guards (the per-IP rate limits, the JWT guard's @Public check), the
 * global validation pipe with the handler's body DTO, the handler, and the same exception filters.
 * What it leaves out is only Nest's per-request machinery around them (the interceptor chain on
 * rxjs, async-context binding, the routed reply): Nest's share of a lead's CPU under a burst
 * went from about 10% to 6% (BENCHMARKS.md). The app refuses to start if a marked handler needs anything this lane does not run
 * (see `installLeanRoutes`).
 */
export const LeanRoute = () => SetMetadata(LEAN_ROUTE_KEY, true);

interface Lane {
  controller: Type<unknown>;
  instance: object;
  handler: (...args: unknown[]) => unknown;
  bodyIndex: number;
  bodyType: Type<unknown>;
  replyIndex: number | null;
  argsLength: number;
  status: number;
  filters: ExceptionFilter[];
}

export interface LeanRouteOptions {
  /** The app's global prefix ('api'). */
  prefix: string;
  /** The pipe the app uses globally (the same instance). */
  validation: PipeTransform;
}

const keyOf = (method: string, url: string) => `${method} ${url.replace(/\/+$/, '')}`;

/**
 * Finds the @LeanRoute() handlers and serves each from a preHandler hook of its route (body parsed,
 * every onRequest hook run: security headers, CORS, the request logger). Call before app.init(),
 * which registers the routes; `verify()` after it checks that every lane found its route.
 */
export function installLeanRoutes(app: NestFastifyApplication, options: LeanRouteOptions): { verify(): void } {
  const lanes = new Map<string, Lane>();
  const guards = GLOBAL_GUARDS.map((guard) => app.get(guard, { strict: false }) as CanActivate);
  const globalFilter = app.get(GLOBAL_FILTER, { strict: false }) as ExceptionFilter;
  for (const route of listControllerRoutes(app.get(ModulesContainer), options.prefix)) {
    if (!route.instance || !Reflect.getMetadata(LEAN_ROUTE_KEY, route.handlerFn)) continue;
    const requestMethod = Reflect.getMetadata(METHOD_METADATA, route.handlerFn) as RequestMethod;
    const lane = describeLane(
      route.controller,
      route.instance,
      route.handlerName,
      route.handlerFn,
      requestMethod,
      globalFilter,
    );
    lanes.set(keyOf(route.method, route.path), lane);
  }
  // Each lane's hook is attached to its own route as Nest registers it: other routes carry nothing.
  const attached = new Set<string>();
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      const key = keyOf(String(route.method), route.url);
      const lane = lanes.get(key);
      if (!lane) return;
      attached.add(key);
      const own = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
        ...own,
        async (request: FastifyRequest, reply: FastifyReply) => {
          await withRequestTrace(request, () => runLane(lane, guards, options.validation, request, reply));
          return reply;
        },
      ];
    });
  return {
    verify() {
      for (const key of lanes.keys())
        if (!attached.has(key)) throw new Error(`@LeanRoute() ${key}: no such route was registered`);
    },
  };
}

async function runLane(
  lane: Lane,
  guards: CanActivate[],
  validation: PipeTransform,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const context = new ExecutionContextHost([request, reply, undefined], lane.controller, lane.handler);
  context.setType('http');
  traceMark('lane');
  try {
    for (const guard of guards) {
      const verdict = guard.canActivate(context);
      // A guard may answer with a boolean, a promise or an observable, as Nest allows.
      const allowed = isObservable(verdict) ? await lastValueFrom(verdict) : await verdict;
      if (!allowed) throw new ForbiddenException('Forbidden resource');
    }
    traceMark('guards');
    const args: unknown[] = new Array(lane.argsLength).fill(undefined);
    args[lane.bodyIndex] = await validation.transform(request.body, { type: 'body', metatype: lane.bodyType });
    traceMark('valid');
    if (lane.replyIndex !== null) args[lane.replyIndex] = reply;
    // As Nest does: the route's status first, which the handler may change through the reply.
    void reply.status(lane.status);
    const result = await lane.handler.apply(lane.instance, args);
    traceMark('handled');
    if (!reply.sent) await reply.send(result);
  } catch (err) {
    const filter = lane.filters.find((f) => catches(f, err));
    filter!.catch(err, context);
  }
}

/** Nest's rule: a filter takes what its @Catch() names, or everything when it names nothing. */
function catches(filter: ExceptionFilter, err: unknown): boolean {
  const types = (Reflect.getMetadata(FILTER_CATCH_EXCEPTIONS, filter.constructor) ?? []) as Type<unknown>[];
  return types.length === 0 || types.some((type) => err instanceof type);
}

/** Checks that the handler needs nothing the lane leaves out (else throws, so the app does not start), and reads what it needs. */
export function describeLane(
  controller: Type<unknown>,
  instance: object,
  name: string,
  handler: Lane['handler'],
  method: RequestMethod,
  globalFilter: ExceptionFilter,
): Lane {
  const where = `@LeanRoute() ${controller.name}.${name}`;
  const onEither = (key: string) => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
  const fail = (why: string): never => {
    throw new Error(`${where}: ${why}`);
  };
  if (!onEither(IS_PUBLIC_KEY)) fail('only public routes (the lane carries no signed-in user)');
  // The one global interceptor only queues SQLite writes, and leaves alone a route that queues its own.
  if (GLOBAL_INTERCEPTORS.some((i) => i !== SqliteWriteQueueInterceptor) || !onEither(QUEUES_OWN_WRITES_KEY))
    fail('the route must be @QueuesOwnWrites() and the global interceptors pass it through');
  for (const key of [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, HEADERS_METADATA, REDIRECT_METADATA]) {
    const value = onEither(key) as unknown;
    if (Array.isArray(value) ? value.length > 0 : value !== undefined) fail(`${key} is not run by the lane`);
  }
  const params = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
    string,
    { index: number; data?: unknown; pipes?: unknown[] }
  >;
  let bodyIndex = -1;
  let replyIndex: number | null = null;
  for (const [key, param] of Object.entries(params)) {
    const type = Number(key.split(':')[0]);
    if (param.pipes?.length) fail('parameter pipes are not run by the lane');
    if (type === RouteParamtypes.BODY && param.data === undefined) bodyIndex = param.index;
    else if (type === RouteParamtypes.RESPONSE && Reflect.getMetadata(RESPONSE_PASSTHROUGH_METADATA, controller, name))
      replyIndex = param.index;
    else fail('only @Body() and @Res({ passthrough: true }) parameters');
  }
  if (bodyIndex < 0) fail('the handler takes its input as @Body()');
  const paramTypes = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as Type<unknown>[];
  const filters = [
    ...((Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, handler) ?? []) as ExceptionFilter[]),
    ...((Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, controller) ?? []) as ExceptionFilter[]),
  ];
  if (filters.some((f) => typeof f === 'function')) fail('exception filters must be instances');
  return {
    controller,
    instance,
    handler,
    bodyIndex,
    bodyType: paramTypes[bodyIndex],
    replyIndex,
    argsLength: Math.max(bodyIndex, replyIndex ?? 0) + 1,
    // Nest's default: 201 for a POST, 200 otherwise, unless @HttpCode() says.
    status:
      (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
      (method === RequestMethod.POST ? 201 : 200),
    filters: [...filters, globalFilter],
  };
}
