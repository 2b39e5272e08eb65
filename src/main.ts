import 'reflect-metadata';
import { config as loadDotenv } from 'dotenv';
import { Logger } from 'nestjs-pino';
import { loadConfig } from './config/app-config';
import { createApp } from './configure-app';

async function bootstrap(): Promise<void> {
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
}

bootstrap().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
