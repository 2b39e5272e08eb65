import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ensureAdmin } from './admin-accounts';
import { UsersRepository } from './users.repository';
import { isCommonPassword } from '../../shared/rules/common-password';
import { FirstAdminSetupService } from './first-admin-setup.service';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: an active admin with these credentials exists once the app is up.
 * Without them, and while no admin exists, a one-time set-up link for the first admin is logged.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly setup: FirstAdminSetupService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword } = this.config;
    if (!adminEmail || !adminPassword) {
      if (!(await this.users.anyAdmin())) await this.setup.open();
      return;
    }
    if (isCommonPassword(adminPassword)) {
      this.logger.warn('ADMIN_PASSWORD is a commonly used password: change it.');
    }
    const { outcome } = await ensureAdmin(this.users, adminEmail, adminPassword).catch((err: Error) => {
      throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${err.message}`);
    });
    if (outcome !== 'unchanged')
      this.logger.log(`Admin ${adminEmail.toLowerCase()} ${outcome} from ADMIN_EMAIL/ADMIN_PASSWORD`);
  }
}
