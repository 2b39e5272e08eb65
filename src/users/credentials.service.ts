import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { TokensService } from '../auth/tokens.service';
import { User } from './entities/user.entity';
import { wholeSecondNow } from './password-changed-at';
import { hashPassword } from './passwords';
import { UserTokensService } from './user-tokens.service';

/** Every password change goes through here: new hash, pending reset links void, all sessions ended. */
@Injectable()
export class CredentialsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly userTokens: UserTokensService,
    private readonly tokens: TokensService,
  ) {}

  async setPassword(userId: number, plain: string, options: { activate?: boolean } = {}): Promise<void> {
    const changes: Partial<User> = { password_hash: await hashPassword(plain), password_changed_at: wholeSecondNow() };
    if (options.activate) changes.is_active = true;
    await this.users.update({ id: userId }, changes);
    await this.userTokens.voidAll(userId, 'reset_password');
    await this.tokens.revokeAll(userId);
  }
}
