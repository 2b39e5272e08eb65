import 'reflect-metadata';
import { config as loadDotenv } from 'dotenv';
import { loadConfig } from './config/app-config';
import { createApp } from './configure-app';

async function bootstrap(): Promise<void> {
  loadDotenv({ quiet: true });
  const config = loadConfig(process.env);
  const app = await createApp(config);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  console.log(`Travel deals is up on http://localhost:${config.port} (site /, back-office /admin, API /api, docs /api/docs)`);
}

bootstrap().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
