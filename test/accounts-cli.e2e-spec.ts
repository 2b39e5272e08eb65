import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { parseDatabaseUrl } from '../src/config/app-config';
import { buildDataSourceOptions, resolveDatabaseConfig } from '../src/database/data-source';
import { User } from '../src/users/entities/user.entity';
import { createTestDatabase, TestDatabase } from './support/test-db';

const root = join(__dirname, '..');

function run(db: TestDatabase, ...args: string[]) {
  const res = spawnSync(process.execPath, [join(root, 'scripts/create-admin.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.url, ADMIN_EMAIL: '', ADMIN_PASSWORD: '', NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 170_000,
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

async function users(db: TestDatabase): Promise<User[]> {
  const ds = new DataSource(buildDataSourceOptions(await resolveDatabaseConfig(parseDatabaseUrl(db.url)), false));
  await ds.initialize();
  try {
    return await ds.getRepository(User).find();
  } finally {
    await ds.destroy();
  }
}

describe('npm run create-admin', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('refuses missing arguments, a bad e-mail, a short or a common password with a message and a non-zero exit', () => {
    const cases: Array<[string[], string]> = [
      [[], 'both --email and --password are required'],
      [['--email', 'ops@example.com'], 'both --email and --password are required'],
      [['--email', 'nope', '--password', 'Long-enough-1'], '"nope" is not a valid e-mail address'],
      [['--email', 'ops@example.com', '--password', 'short'], 'the admin password must have 8 to 128 characters'],
      [['--email', 'ops@example.com', '--password', 'password1'], 'commonly used passwords'],
      [['--email', 'ops@example.com', '--oops'], 'unknown argument "--oops"'],
    ];
    for (const [args, message] of cases) {
      const { code, out } = run(db, ...args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(out).toContain(message);
    }
  }, 180_000);

  it('creates an active admin once and is idempotent', async () => {
    const first = run(db, '--email', 'Ops@Example.com', '--password', 'Long-enough-1');
    expect(first.out).toMatch(/Admin ops@example\.com \(id \d+\): created\./);
    expect(first.code).toBe(0);
    const again = run(db, '--email=ops@example.com', '--password=Long-enough-1');
    expect(again.out).toContain('nothing to do');
    expect(run(db, '--email', 'ops@example.com', '--password', 'Another-Long-2').out).toContain('updated');
    const rows = await users(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'ops@example.com', is_superuser: true, is_active: true });
  }, 180_000);
});
