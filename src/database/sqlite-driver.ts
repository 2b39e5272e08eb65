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

/** The driver's module (its Database class), for TypeORM's `driver` option and the command-line tools. */
export function loadSqliteDriver<T = unknown>(): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(SQLITE_DRIVER_MODULE) as T;
}
