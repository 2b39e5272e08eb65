import { Controller, Get } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { WarmUp } from '../common/http/warm-up';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
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
    private readonly indicators: HealthIndicatorService,
    private readonly database: UnitOfWork,
    private readonly warmUp: WarmUp,
  ) {}

  /** Readiness without the migration check (what /api/health always answered). */

  private dependencies() {
    return [
      () => this.db.pingCheck('database', { timeout: 1500 }),
      ...(this.redis.enabled ? [() => this.redisHealth.isHealthy('redis')] : []),
    ];
  }

  /** 200 when the database (and Redis, when REDIS_URL is set) answers within 1.5 s, 503 otherwise. */
  @Get()
  @HealthCheck()
  check() {
    return this.health.check(this.dependencies());
  }

  /** Liveness: the process is up and its event loop turns. Never looks at the database (restart would not help it). */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Readiness: send traffic here. The database and Redis (when REDIS_URL is set) answer, every
   * migration this build knows is applied, and the start-up warm-up is over; 503 otherwise, with what
   * failed or is not done yet.
   */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([...this.dependencies(), () => this.migrationsApplied(), () => this.warmUpOver()]);
  }

  private warmUpOver() {
    const indicator = this.indicators.check('warm-up');
    return this.warmUp.over ? indicator.up() : indicator.down({ message: 'Warming up after start.' });
  }

  private async migrationsApplied() {
    const indicator = this.indicators.check('migrations');
    try {
      // True when a migration of this build is not yet in the migrations table.
      const pending = await this.database.migrationsPending();
      return pending ? indicator.down({ message: 'Migrations are pending.' }) : indicator.up();
    } catch (err) {
      return indicator.down({ message: (err as Error).message });
    }
  }
}
