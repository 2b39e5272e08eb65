import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ensureAdmin } from './admin-accounts';
import { User } from './entities/user.entity';
import { isCommonPassword } from './password-policy';

/** ADMIN_EMAIL + ADMIN_PASSWORD: an active admin with these credentials exists once the app is up. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword } = this.config;
    if (!adminEmail || !adminPassword) return;
    if (isCommonPassword(adminPassword)) {
      this.logger.warn('ADMIN_PASSWORD is a commonly used password: change it.');
    }
    const { outcome } = await ensureAdmin(this.users, adminEmail, adminPassword).catch((err: Error) => {
      throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${err.message}`);
    });
    if (outcome !== 'unchanged') this.logger.log(`Admin ${adminEmail.toLowerCase()} ${outcome} from ADMIN_EMAIL/ADMIN_PASSWORD`);
  }
}
