import { Controller, Get, Headers, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { safeEqual, sha256Hex } from '../common/crypto/token-hash';
import { Public } from '../common/decorators/public.decorator';
import { AppConfig } from '../config/app-config';
import { MetricsService } from './metrics.service';

/**
 * `GET /metrics` (outside /api), Prometheus' text format. With METRICS_TOKEN set it asks for
 * `Authorization: Bearer <token>`; in production it is off (404) until a token is set. The public
 * proxy never forwards it: Prometheus scrapes each replica on the internal network.
 */
@ApiExcludeController()
@Public()
@SkipThrottle()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = this.config.metricsToken;
    if (!token && this.config.isProduction) throw new NotFoundException();
    if (token) {
      const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
      if (!safeEqual(sha256Hex(given), sha256Hex(token)))
        throw new UnauthorizedException('A valid metrics token is required.');
    }
    void reply.header('Content-Type', this.metrics.registry.contentType).header('Cache-Control', 'no-store');
    return this.metrics.registry.metrics();
  }
}
