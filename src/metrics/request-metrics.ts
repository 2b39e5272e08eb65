import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isWarmUpRequest } from '../common/http/warm-up';
import type { MetricsService } from './metrics.service';

/**
 * Counts and times every answer (cached catalogue reads included: this is an onResponse hook, after
 * every lane has answered). The route label is the route's pattern; paths no route matched share
 * one label, so a scan of random URLs cannot grow the series without bound.
 */
export function installRequestMetrics(fastify: FastifyInstance, metrics: MetricsService): void {
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isWarmUpRequest(request.headers)) return done();
    const route = request.routeOptions?.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
