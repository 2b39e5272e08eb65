import { DataSource } from 'typeorm';

const LOCK_WAIT_SECONDS = 120;

/**
 * Applies pending migrations. On MySQL/MariaDB several instances may start at once on one database
 * (replicas, a rolling deploy): a named server lock per database makes them migrate one after
 * another, so the later ones find nothing left to do instead of failing on half-built tables.
 */
export async function migrateExclusively(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb') {
    await dataSource.runMigrations();
    return;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [row] = await runner.query(`SELECT GET_LOCK(CONCAT('migrations:', DATABASE()), ?) AS got`, [
      LOCK_WAIT_SECONDS,
    ]);
    if (Number(row?.got) !== 1) throw new Error(`another instance held the migration lock for ${LOCK_WAIT_SECONDS} s`);
    try {
      await dataSource.runMigrations();
    } finally {
      await runner.query(`SELECT RELEASE_LOCK(CONCAT('migrations:', DATABASE()))`).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
