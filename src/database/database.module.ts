import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { DataSource } from 'typeorm';
import { boundQueryTime, buildDataSourceOptions, resolveDatabaseConfig } from './data-source';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => {
        if (config.database.type === 'sqlite' && config.database.path !== ':memory:') {
          mkdirSync(dirname(config.database.path), { recursive: true });
        }
        return { ...buildDataSourceOptions(await resolveDatabaseConfig(config.database)), retryAttempts: 3, retryDelay: 1000 };
      },
      dataSourceFactory: async (options) => boundQueryTime(await new DataSource(options!).initialize()),
    }),
  ],
})
export class DatabaseModule {}
