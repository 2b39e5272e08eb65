import { randomBytes } from 'node:crypto';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuthUser } from '../../common/decorators/auth-user';
import type { AuditContext } from '../../audit/audit-context';
import { AuditService, diffForAudit, HIDDEN, snapshotForAudit } from '../../audit/audit.service';
import { AdminUser, BulkDeleteResult } from '../../../shared/api/admin';
import { ADMIN_USER_MESSAGES, capitalizeFirst } from '../../../shared/rules/admin-user';
import { User } from '../../users/entities/user.entity';
import { hashPassword } from '../../users/passwords';
import { isDuplicateKey } from '../../database/db-errors';
import { SessionsRepository } from '../../users/sessions.repository';
import { UsersRepository } from '../../users/users.repository';
import { uniqueIds } from '../common/id-list.decorator';
import { ListQueryDto } from '../common/list-query.dto';
import { missingIds } from '../common/not-found';
import { ListSpec, parseListQuery } from '../common/simple-rest';
import { Page } from '../../database/list-pages';
import { AdminUsersRepository, UserKind } from './admin-users.repository';
import { CreateAgentDto } from '../agents/dto/create-agent.dto';
import { UpdateAgentDto } from '../agents/dto/update-agent.dto';
import { toAdminUser } from './user-response';
import { UpdateUserDto } from './dto/update-user.dto';

/** Whole seconds: access tokens carry `iat` in seconds, so a fraction could void a token issued right after. */
const wholeSecondNow = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);

/** What the audit log records of a user or agent (never the password hash). */
const AUDIT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'is_active',
  'is_superuser',
  'is_agent',
  'receives_leads',
];
const auditView = (user: User): Record<string, unknown> => ({ ...user });

/** The agents resource is the users with is_agent; the users resource is everyone else (customers and admins). */

const SORTABLE: Record<string, string[]> = {
  id: ['u.id'],
  first_name: ['u.first_name'],
  last_name: ['u.last_name'],
  full_name: ['u.first_name', 'u.last_name'],
  email: ['u.email'],
  phone: ['u.phone'],
  is_active: ['u.is_active'],
  is_superuser: ['u.is_superuser'],
  date_joined: ['u.date_joined'],
  formatted_date_joined: ['u.date_joined'],
  last_login: ['u.last_login'],
};

const SPECS: Record<UserKind, ListSpec> = {
  users: {
    resource: 'users',
    alias: 'u',
    sortable: SORTABLE,
    defaultOrder: [
      ['u.is_superuser', 'DESC'],
      ['u.id', 'ASC'],
    ],
    filters: {
      is_active: { column: 'u.is_active', kind: 'bool' },
      is_superuser: { column: 'u.is_superuser', kind: 'bool' },
    },
    searchColumns: ['u.first_name', 'u.last_name', 'u.email'],
  },
  agents: {
    resource: 'agents',
    alias: 'u',
    sortable: SORTABLE,
    defaultOrder: [['u.id', 'ASC']],
    filters: { is_active: { column: 'u.is_active', kind: 'bool' } },
    searchColumns: ['u.first_name', 'u.last_name', 'u.email'],
  },
};

@Injectable()
export class AdminUsersService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: AdminUsersRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(kind: UserKind, query: ListQueryDto): Promise<Page<AdminUser>> {
    const parsed = parseListQuery(query, SPECS[kind]);
    const page = await this.accounts.pageOf(kind, parsed);
    return { ...page, items: page.items.map(toAdminUser) };
  }

  async get(kind: UserKind, id: number): Promise<AdminUser> {
    return toAdminUser(await this.find(this.accounts.manager, kind, id));
  }

  async createAgent(dto: CreateAgentDto, ctx: AuditContext): Promise<AdminUser> {
    const email = dto.email.trim().toLowerCase();
    if (await this.accounts.emailTaken(email)) throw this.emailTaken();
    const hasPassword = typeof dto.password === 'string' && dto.password !== '';
    // Without a password the agent cannot sign in until one is set (an unverifiable hash).
    const passwordHash = hasPassword
      ? await hashPassword(dto.password as string)
      : `!unusable-${randomBytes(16).toString('hex')}`;
    try {
      const user = await this.unitOfWork.run(async (em) => {
        const created = await this.accounts.insert(em, {
          email,
          first_name: capitalizeFirst(dto.first_name),
          last_name: capitalizeFirst(dto.last_name),
          phone: dto.phone ?? '',
          password_hash: passwordHash,
          is_active: hasPassword,
          email_verified_at: hasPassword ? new Date() : null,
          // Staff vouch for the address: it is the agent's, earlier leads included.
          earlier_leads_claimed_at: hasPassword ? new Date() : null,
          is_agent: true,
          is_superuser: false,
          password_changed_at: hasPassword ? wholeSecondNow() : null,
        });
        await this.audit.record(em, ctx, {
          action: 'create',
          resource: 'agents',
          record_id: created.id,
          changes: {
            ...snapshotForAudit(auditView(created), AUDIT_FIELDS, 'created'),
            ...(hasPassword ? { password: [null, HIDDEN] } : {}),
          },
        });
        return created;
      });
      return toAdminUser(user);
    } catch (err) {
      if (isDuplicateKey(err)) throw this.emailTaken();
      throw err;
    }
  }

  async update(
    kind: UserKind,
    id: number,
    dto: UpdateUserDto | UpdateAgentDto,
    actor: AuthUser,
    ctx: AuditContext,
  ): Promise<AdminUser> {
    const changes = dto as UpdateUserDto;
    const passwordHash = changes.password ? await hashPassword(changes.password) : null;
    const saved = await this.unitOfWork.run(async (em) => {
      await this.lockAdmins(em);
      const user = await this.find(em, kind, id);
      const losesAdmin =
        user.is_superuser && (changes.is_superuser === false || (changes.is_active === false && user.is_active));
      if (user.id === actor.id && changes.is_superuser === false)
        throw new ConflictException(ADMIN_USER_MESSAGES.cannotDemoteSelf);
      if (user.id === actor.id && changes.is_active === false)
        throw new ConflictException(ADMIN_USER_MESSAGES.cannotDeactivateSelf);
      if (losesAdmin && (await this.otherActiveAdmins(em, [user.id])) === 0) {
        throw new ConflictException(ADMIN_USER_MESSAGES.lastAdmin);
      }
      const before = { ...user };
      if (changes.first_name !== undefined) user.first_name = capitalizeFirst(changes.first_name);
      if (changes.last_name !== undefined) user.last_name = capitalizeFirst(changes.last_name);
      if (changes.phone !== undefined) user.phone = changes.phone ?? '';
      if (changes.is_active !== undefined) user.is_active = changes.is_active;
      if (changes.is_superuser !== undefined) user.is_superuser = changes.is_superuser;
      if (changes.is_agent !== undefined) user.is_agent = changes.is_agent;
      const receives = (dto as UpdateAgentDto).receives_leads;
      if (kind === 'agents' && receives !== undefined) user.receives_leads = receives;
      const result = await this.accounts.save(em, user);
      if (passwordHash) await this.users.setPasswordHash(user.id, passwordHash, { manager: em });
      // A deactivation ends the user's sessions everywhere.
      else if (changes.is_active === false) await this.sessions.revokeAllOf(user.id, em);
      const diff = diffForAudit(before, auditView(user), AUDIT_FIELDS);
      if (passwordHash) diff.password = [HIDDEN, HIDDEN];
      if (Object.keys(diff).length) {
        await this.audit.record(em, ctx, { action: 'update', resource: kind, record_id: user.id, changes: diff });
      }
      return result;
    });
    return toAdminUser(saved);
  }

  async remove(kind: UserKind, id: number, actor: AuthUser, ctx: AuditContext): Promise<AdminUser> {
    return this.unitOfWork.run(async (em) => {
      await this.lockAdmins(em);
      const user = await this.find(em, kind, id);
      await this.guardRemoval(em, [user], actor);
      const shape = toAdminUser(user);
      await this.accounts.delete(em, [user.id]);
      await this.audit.record(em, ctx, {
        action: 'delete',
        resource: kind,
        record_id: user.id,
        changes: snapshotForAudit(auditView(user), AUDIT_FIELDS, 'deleted'),
      });
      return shape;
    });
  }

  async bulkRemove(kind: UserKind, ids: number[], actor: AuthUser, ctx: AuditContext): Promise<BulkDeleteResult> {
    const wanted = uniqueIds(ids);
    return this.unitOfWork.run(async (em) => {
      await this.lockAdmins(em);
      const users = await this.accounts.findManyOfKind(em, kind, wanted);
      const found = new Set(users.map((u) => u.id));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length) throw missingIds(kind, missing);
      await this.guardRemoval(em, users, actor);
      await this.accounts.delete(em, wanted);
      await this.audit.recordMany(
        em,
        ctx,
        users.map((user) => ({
          action: 'bulk_delete' as const,
          resource: kind,
          record_id: user.id,
          changes: snapshotForAudit(auditView(user), AUDIT_FIELDS, 'deleted'),
        })),
      );
      return { deleted: wanted.length };
    });
  }

  private async guardRemoval(em: EntityManager, users: User[], actor: AuthUser): Promise<void> {
    if (users.some((u) => u.id === actor.id)) throw new ConflictException(ADMIN_USER_MESSAGES.cannotDeleteSelf);
    const admins = users.filter((u) => u.is_superuser && u.is_active);
    if (
      admins.length &&
      (await this.otherActiveAdmins(
        em,
        users.map((u) => u.id),
      )) === 0
    ) {
      throw new ConflictException(ADMIN_USER_MESSAGES.lastAdmin);
    }
  }

  private otherActiveAdmins(em: EntityManager, excluded: number[]): Promise<number> {
    return this.accounts.otherActiveAdmins(em, excluded);
  }

  /** Serialises admin-changing transactions so two admins cannot remove each other at once. */
  private lockAdmins(em: EntityManager): Promise<void> {
    return this.accounts.lockAdmins(em);
  }

  private async find(em: EntityManager, kind: UserKind, id: number): Promise<User> {
    const user = await this.accounts.findOfKind(em, kind, id);
    if (!user) throw new NotFoundException(kind === 'agents' ? 'Agent not found.' : 'User not found.');
    return user;
  }

  private emailTaken(): ConflictException {
    return new ConflictException({
      message: ADMIN_USER_MESSAGES.emailTaken,
      errors: { email: ADMIN_USER_MESSAGES.emailTaken },
    });
  }
}
