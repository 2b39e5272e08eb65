import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freePort } from './built-app';

export const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'].find((p) => existsSync(p));

/** Why a private MariaDB cannot run here, or null when it can. */
export function privateMariaDbUnavailable(): string | null {
  if (!existsSync(MARIADBD)) return `${MARIADBD} is not installed (apt-get install mariadb-server)`;
  if (!INSTALL_DB) return 'mariadb-install-db is not installed';
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A MariaDB server of the test's own (own datadir, port and socket) that the test may kill,
 * freeze and restart without touching the shared server on 3306.
 */
export class PrivateMariaDb {
  readonly dir = mkdtempSync(join(tmpdir(), 'fault-mariadb-'));
  port = 0;
  private proc: ChildProcess | null = null;
  private log = '';

  get url(): string {
    return `mysql://root@127.0.0.1:${this.port}/faults`;
  }

  /** Initialises the datadir (first call), starts the server and waits until it answers. */
  async start(): Promise<void> {
    if (!this.port) {
      this.port = await freePort();
      const res = spawnSync(
        INSTALL_DB!,
        [
          '--no-defaults',
          `--datadir=${join(this.dir, 'data')}`,
          '--user=root',
          '--auth-root-authentication-method=normal',
          '--skip-test-db',
        ],
        { encoding: 'utf8' },
      );
      if (res.status !== 0) throw new Error(`mariadb-install-db failed: ${res.stderr}`);
    }
    this.proc = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${join(this.dir, 'data')}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        `--socket=${join(this.dir, 'mysqld.sock')}`,
        `--pid-file=${join(this.dir, 'mysqld.pid')}`,
        '--user=root',
        '--skip-log-bin',
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=32M',
        '--innodb-log-file-size=16M',
        '--max-connections=200',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.proc.stdout!.on('data', (c: Buffer) => (this.log += c.toString()));
    this.proc.stderr!.on('data', (c: Buffer) => (this.log += c.toString()));
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const conn = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', connectTimeout: 1000 });
        await conn.query('CREATE DATABASE IF NOT EXISTS faults CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
        await conn.end();
        return;
      } catch (err) {
        if (Date.now() > deadline)
          throw new Error(`private MariaDB did not start: ${(err as Error).message}\n${this.log.slice(-3000)}`, {
            cause: err,
          });
        await sleep(100);
      }
    }
  }

  /** Crash: SIGKILL, as when the server dies or its host goes away. */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    this.proc = null;
  }

  /** Freeze: the server keeps its sockets open but answers nothing. */
  freeze(): void {
    this.proc?.kill('SIGSTOP');
  }

  thaw(): void {
    this.proc?.kill('SIGCONT');
  }

  async destroy(): Promise<void> {
    this.thaw();
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** A fresh connection to the test database (the caller ends it). */
  connect() {
    return createConnection({ host: '127.0.0.1', port: this.port, user: 'root', database: 'faults', timezone: 'Z' });
  }
}
