import { stableBinds } from './sqlite-binds';

/**
 * Which build of better-sqlite3 this Node.js loads. Version 13 needs Node 22 or later (on Node 20 it
 * crashes the process), and version 12 aborts Node 24 when one of its statements is collected after
 * the engine's environment is gone; so both are installed (12 under the alias
 * `better-sqlite3-node20`) and each runtime loads its own. Drop the alias with Node 20. The name is
 * computed at run time, so knip.json lists the alias in ignoreDependencies (a static reader cannot
 * see it used, and on Node 24 nothing else names it).
 */
export const SQLITE_DRIVER_MODULE =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

/** The driver's entry file, for worker threads that load it themselves. */
export function sqliteDriverPath(): string {
  return require.resolve(SQLITE_DRIVER_MODULE);
}

interface DriverClass {
  new (...args: unknown[]): { prepare(sql: string): unknown };
}
let driver: DriverClass | undefined;

/**
 * The driver's Database class, for TypeORM's `driver` option and the command-line tools: better-sqlite3's
 * own, whose `prepare` compiles the SQL with its parameters written `+?` (sqlite-binds.ts says why:
 * otherwise SQLite 3.54 compiles most statements again at every execution).
 */
export function loadSqliteDriver<T = unknown>(): T {
  if (!driver) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Database = require(SQLITE_DRIVER_MODULE) as DriverClass;
    driver = class StableBindsDatabase extends Database {
      override prepare(sql: string): unknown {
        return super.prepare(stableBinds(sql));
      }
    };
  }
  return driver as T;
}
