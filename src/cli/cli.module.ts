import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { AppConfigModule } from '../config/config.module';
import { CreateAdminCommand } from './create-admin.command';

/** The command-line tools: only the configuration; a command opens the database itself when it needs it. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: CliModule, imports: [AppConfigModule.forRoot(config)], providers: [CreateAdminCommand] };
  }
}
