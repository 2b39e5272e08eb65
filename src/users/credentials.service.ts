import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { hashPassword } from './passwords';
import { UsersRepository } from './users.repository';

/** Sets a password chosen by its owner (change, reset): hashes it, then applies the one new-password rule. */
@Injectable()
export class CredentialsService {
  constructor(private readonly users: UsersRepository) {}

  async setPassword(
    userId: number,
    plain: string,
    options: { activate?: boolean; manager?: EntityManager } = {},
  ): Promise<void> {
    await this.users.setPasswordHash(userId, await hashPassword(plain), options);
  }
}
