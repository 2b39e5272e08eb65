import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { Public } from '../common/decorators/public.decorator';
import { RedisService } from '../redis/redis.service';
import { RedisHealthIndicator } from './redis.health';

@ApiTags('health')
@Public()
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly redis: RedisService,
    private readonly redisHealth: RedisHealthIndicator,
  ) {}

  /** 200 when the database (and Redis, when REDIS_URL is set) answers within 1.5 s, 503 otherwise. */
  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.db.pingCheck('database', { timeout: 1500 }),
      ...(this.redis.enabled ? [() => this.redisHealth.isHealthy('redis')] : []),
    ]);
  }
}
