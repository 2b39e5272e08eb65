import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { accessLogRequest } from './common/http/access-log';
import { isWarmUpRequest } from './common/http/warm-up';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { GLOBAL_FILTER, GLOBAL_GUARDS, GLOBAL_INTERCEPTORS } from './common/http/global-pipeline';
import { scaledLimit, TOO_MANY_REQUESTS } from './common/rate-limit/rate-limit.decorator';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { errorForLog } from './database/db-errors';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { JobsModule } from './jobs/jobs.module';
import { JOBS } from './job-registry';
import { AuditModule } from './audit/audit.module';
import { ConsentModule } from './consent/consent.module';
import { PrivacyModule } from './privacy/privacy.module';
import { LeadsModule } from './leads/leads.module';
import { ContactModule } from './contact/contact.module';
import { MailModule } from './mail/mail.module';
import { UsersModule } from './users/users.module';
import { WeatherModule } from './weather/weather.module';
import { SeedModule } from './demo/seed.module';
import { RedisModule } from './redis/redis.module';
import { RedisService } from './redis/redis.service';
import { SsrModule } from './ssr/ssr.module';
import { SeoModule } from './seo/seo.module';

/** Per-IP default budget; sensitive routes declare tighter @RateLimit() budgets. */
const DEFAULT_REQUESTS_PER_MINUTE = 600;

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            // Every line names its instance, so an operator can tell replicas apart.
            base: { instance: config.instanceId },
            // JSON lines in production (for a log collector); readable lines in development.
            transport:
              config.nodeEnv === 'development'
                ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', singleLine: true } }
                : undefined,
            // The start-up warm-up's own requests (common/http/warm-up.ts) are not the traffic an operator reads.
            autoLogging: { ignore: (req) => isWarmUpRequest(req.headers) },
            customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
            // A request is logged by these two alone: no header (Authorization, cookies, the CSRF
            // token, Set-Cookie) reaches a log line, so nothing is left for pino's redaction to do
            // (it cost every request a copy of its logger's bindings; the leaks e2e test holds it).
            serializers: {
              req: accessLogRequest,
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
              // A failed query is logged by its statement and driver code: its SQL, parameters and
              // MariaDB's message hold the values (addresses, ids, token hashes). pino-http hands over
              // its own serialization of the error, whose `raw` is the error itself.
              err: (err: { raw?: unknown }) => errorForLog(err?.raw ?? err),
            },
          },
        }),
        RedisModule,
        ThrottlerModule.forRootAsync({
          inject: [RedisService],
          useFactory: (redis: RedisService) => ({
            throttlers: [
              {
                name: 'default',
                ttl: 60_000,
                limit: scaledLimit(DEFAULT_REQUESTS_PER_MINUTE, config.rateLimitMultiplier),
              },
            ],
            errorMessage: TOO_MANY_REQUESTS,
            // Counted in Redis when it is configured, so every instance sees every request of an IP.
            storage: redis.enabled ? new ThrottlerStorageRedisService(redis.client) : undefined,
          }),
        }),
        ScheduleModule.forRoot(),
        DatabaseModule,
        JobsModule.forRoot(JOBS),
        AuditModule,
        ConsentModule,
        HealthModule,
        MetricsModule,
        MailModule,
        AuthModule,
        AdminModule,
        UsersModule,
        CatalogueModule,
        WeatherModule,
        SeedModule,
        LeadsModule,
        ContactModule,
        PrivacyModule,
        SsrModule,
        SeoModule,
      ],
      providers: [
        // Guards and filter also as providers of their own, so the lean lane (common/http/lean-route.ts) runs these instances.
        ...GLOBAL_GUARDS.flatMap((guard) => [guard, { provide: APP_GUARD, useExisting: guard }]),
        ...GLOBAL_INTERCEPTORS.map((interceptor) => ({ provide: APP_INTERCEPTOR, useClass: interceptor })),
        GLOBAL_FILTER,
        { provide: APP_FILTER, useExisting: GLOBAL_FILTER },
      ],
    };
  }
}
