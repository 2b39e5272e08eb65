import { EntityManager } from 'typeorm';

/** SELECT ... FOR UPDATE where the dialect has it (MySQL/MariaDB); SQLite serialises writers anyway. */
export function supportsRowLocks(em: EntityManager): boolean {
  return ['mysql', 'mariadb'].includes(em.connection.options.type);
}
