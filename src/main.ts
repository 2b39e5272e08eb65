// First: every module loaded after it is read from the compile cache (compile-cache.ts).
import './compile-cache';
import 'reflect-metadata';
import { config as loadDotenv } from 'dotenv';
import { Logger } from 'nestjs-pino';
import { loadConfig } from './config/app-config';
import { restrictFileModes } from './config/file-modes';
import { createApp } from './configure-app';
import { WarmUp } from './common/http/warm-up';

async function bootstrap(): Promise<void> {
  // Before anything is written (the signing secret, the database): files 0600, folders 0700.
  restrictFileModes();
  loadDotenv({ quiet: true });
  const config = loadConfig(process.env);
  const app = await createApp(config);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  // Through the app's logger: a JSON line with the instance id in production, like every other line.
  app
    .get(Logger)
    .log(
      `Travel deals is up on http://localhost:${config.port} (site /, back-office /admin, API /api, docs /api/docs)`,
      'Main',
    );
  // Readiness waits for it (see warm-up.ts); liveness and the plain health check answer meanwhile.
  if (config.warmUp) {
    const done = await app.get(WarmUp).run(app.getHttpAdapter().getInstance());
    app
      .get(Logger)
      .log(
        `Warmed up: ${done.rounds} rounds, ${done.requests} requests in ${done.ms} ms (${JSON.stringify(done.statuses)})`,
        'Main',
      );
  }
}

bootstrap().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
