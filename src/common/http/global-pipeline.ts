import type { Type } from '@nestjs/common';
import { AllExceptionsFilter } from '../filters/all-exceptions.filter';
import { JwtAuthGuard } from '../guards/jwt-auth.guard';
import { SqliteWriteQueueInterceptor } from '../interceptors/sqlite-write-queue.interceptor';
import { IpRateLimitGuard } from '../rate-limit/ip-rate-limit.guard';

/**
 * What every API request passes through, in this order, declared once: AppModule registers these
 * as the global guards, interceptor and filter, and the lean lane (lean-route.ts) runs the same ones.
 */
export const GLOBAL_GUARDS: readonly Type<unknown>[] = [IpRateLimitGuard, JwtAuthGuard];
export const GLOBAL_INTERCEPTORS: readonly Type<unknown>[] = [SqliteWriteQueueInterceptor];
export const GLOBAL_FILTER = AllExceptionsFilter;
