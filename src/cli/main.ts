import 'reflect-metadata';
import { config as loadDotenv } from 'dotenv';
import { CommandFactory } from 'nest-commander';
import { loadConfig } from '../config/app-config';
import { restrictFileModes } from '../config/file-modes';
import { CliModule } from './cli.module';
import { commanderProblem, fail } from './cli-output';

/** `npm run create-admin -- --email … --password …`, on the database of DATABASE_URL (.env is read). */
async function main(): Promise<void> {
  restrictFileModes();
  loadDotenv({ quiet: true });
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    return fail((err as Error).message, 1);
  }
  await CommandFactory.run(CliModule.forRoot(config), {
    logger: ['error', 'warn'],
    cliName: 'create-admin',
    errorHandler: commanderProblem,
    // Commander's own error line is replaced by commanderProblem's.
    outputConfiguration: { writeErr: () => undefined },
  });
}

main().catch((err) => fail((err as Error).message, 1));
