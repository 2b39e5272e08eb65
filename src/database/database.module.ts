import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Global, Module, OnApplicationShutdown } from '@nestjs/common';
import { UnitOfWork } from './unit-of-work';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { PRIVATE_DIR_MODE } from '../config/file-modes';
import { DataSource } from 'typeorm';
import { boundQueryTime, buildDataSourceOptions, resolveDatabaseConfig } from './data-source';
import { migrateExclusively } from './migrate';
import { MysqlBatches } from './mysql-batches';
import { startCheckpointer, stopCheckpointer } from './sqlite-checkpointer';
import { closeReadPool } from './sqlite-read-pool';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => {
        if (config.database.type === 'sqlite' && config.database.path !== ':memory:') {
          mkdirSync(dirname(config.database.path), { recursive: true, mode: PRIVATE_DIR_MODE });
        }
        return {
          ...buildDataSourceOptions(await resolveDatabaseConfig(config.database)),
          retryAttempts: 3,
          retryDelay: 1000,
        };
      },
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource({ ...options!, migrationsRun: false }).initialize();
        if (options!.migrationsRun) await migrateExclusively(dataSource);
        startCheckpointer(dataSource);
        return boundQueryTime(dataSource);
      },
    }),
  ],
  providers: [MysqlBatches, UnitOfWork],
  exports: [MysqlBatches, UnitOfWork],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    await closeReadPool(this.dataSource);
    await stopCheckpointer(this.dataSource);
  }
}
