import { Global, Module } from '@nestjs/common';
import { RedisService } from './redis.service';

/** The optional shared-state connection (REDIS_URL), available everywhere. */
@Global()
@Module({ providers: [RedisService], exports: [RedisService] })
export class RedisModule {}
