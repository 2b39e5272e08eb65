import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { WarmUp } from '../common/http/warm-up';
import { HealthController } from './health.controller';
import { RedisHealthIndicator } from './redis.health';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [RedisHealthIndicator, WarmUp],
  exports: [WarmUp],
})
export class HealthModule {}
