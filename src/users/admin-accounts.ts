import { LIMITS } from '../../shared/limits';
import { isEmail, normalizeEmail } from '../../shared/rules/primitives';
import { User } from './entities/user.entity';
import { hashPassword, verifyPassword } from './passwords';
import { UsersRepository } from './users.repository';

export type EnsureAdminOutcome = 'created' | 'updated' | 'unchanged';

export class AdminCredentialsError extends Error {}

/** Problems with operator-supplied admin credentials (ADMIN_EMAIL/ADMIN_PASSWORD, the create-admin CLI). */
export function adminCredentialsProblem(email: string, password: string): string | null {
  const e = normalizeEmail(email ?? '');
  if (e.length > LIMITS.email.max || !isEmail(e)) return `"${email}" is not a valid e-mail address`;
  if (typeof password !== 'string' || password.length < LIMITS.password.min || password.length > LIMITS.password.max) {
    return `the admin password must have ${LIMITS.password.min} to ${LIMITS.password.max} characters`;
  }
  return null;
}

/**
 * Makes sure an active admin with exactly these credentials exists (idempotent). An existing account
 * is promoted/activated; a different password replaces the old one and ends its sessions.
 */
export async function ensureAdmin(
  users: UsersRepository,
  email: string,
  password: string,
): Promise<{ outcome: EnsureAdminOutcome; userId: number }> {
  const problem = adminCredentialsProblem(email, password);
  if (problem) throw new AdminCredentialsError(problem);
  const normalized = normalizeEmail(email);
  const existing = await users.findByEmail(normalized, {
    id: true,
    password_hash: true,
    is_active: true,
    is_superuser: true,
    earlier_leads_claimed_at: true,
  });
  if (!existing) {
    const created = await users.insert({
      email: normalized,
      first_name: 'Admin',
      last_name: '',
      phone: '',
      password_hash: await hashPassword(password),
      is_active: true,
      email_verified_at: new Date(),
      earlier_leads_claimed_at: new Date(),
      is_superuser: true,
      is_agent: false,
    });
    return { outcome: 'created', userId: created.id };
  }
  const changes: Partial<User> = {};
  if (!existing.is_active) changes.is_active = true;
  if (!existing.is_superuser) changes.is_superuser = true;
  const passwordChanged = !(await verifyPassword(existing.password_hash, password));
  if (!Object.keys(changes).length && !passwordChanged) return { outcome: 'unchanged', userId: existing.id };
  // The operator vouches for the address.
  if (Object.keys(changes).length)
    await users.update(existing.id, {
      ...changes,
      email_verified_at: new Date(),
      earlier_leads_claimed_at: existing.earlier_leads_claimed_at ?? new Date(),
    });
  if (passwordChanged) {
    await users.setPasswordHash(existing.id, await hashPassword(password));
  }
  return { outcome: 'updated', userId: existing.id };
}
