import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { testDialect } from './support/test-db';

const ROOT = join(__dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string | number>;
  secrets?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  restart?: string;
  ports?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
}

/**
 * No container engine runs here, so the compose file, the image and the proxy are checked by
 * reading them, and their commands are run outside a container.
 */
describe('deployment files', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, Service>;
    secrets: Record<string, { file: string }>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;
  const app = services.app;
  const env = app.environment ?? {};

  it('commits no secret: every password and key comes from a file that git ignores', () => {
    const text = read('docker-compose.yml');
    expect(text).not.toMatch(/dev-password|changeme|secret123/i);
    for (const service of Object.values(services)) {
      for (const [name, value] of Object.entries(service.environment ?? {})) {
        if (/PASSWORD|SECRET|TOKEN/.test(name))
          expect({ name, value }).toEqual({ name, value: expect.stringMatching(/^\/run\/secrets\//) });
      }
    }
    expect(env.DATABASE_URL).not.toMatch(/:[^/@]+@/);
    expect(env.JWT_SECRET_FILE).toBe('/run/secrets/jwt_secret');
    for (const secret of Object.values(compose.secrets)) expect(secret.file).toMatch(/^\.\/secrets\//);
    expect(read('.gitignore')).toMatch(/^\/secrets\/$/m);
    expect(read('.dockerignore')).toMatch(/^secrets$/m);
  });

  it('seeds no demo and sends mail to Mailpit by default, its inbox on a port', () => {
    expect(env.SEED_DEMO).toBe('${SEED_DEMO:-false}');
    expect(env.SMTP_URL).toBe('${SMTP_URL:-smtp://mail:1025}');
    expect(services.mail.image).toMatch(/^axllent\/mailpit:/);
    expect(services.mail.ports?.[0]).toMatch(/:8025$/);
  });

  it('serves HTTPS through Caddy for the configured host, and the replicas trust only Caddy', () => {
    expect(services.proxy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(env.PUBLIC_URL).toBe('https://${SITE_ADDRESS:-localhost}');
    const caddy = read('deploy/Caddyfile');
    expect(caddy).toMatch(/^\{\$SITE_ADDRESS:localhost\} \{/m);
    expect(caddy).toMatch(/respond \/metrics\* 404/);
    const proxyNet = (services.proxy.networks as Record<string, { ipv4_address?: string }>).edge;
    expect(env.TRUST_PROXY).toBe(proxyNet.ipv4_address);
  });

  it('sizes MySQL max_connections for four replicas of two pools each, plus the migration and spare', () => {
    const command = ([] as string[]).concat(services.db.command ?? []);
    const max = Number(command.find((c) => c.startsWith('--max-connections='))?.split('=')[1]);
    const pool = Number(env.DB_POOL_SIZE);
    expect(pool).toBeGreaterThan(0);
    expect(max).toBeGreaterThanOrEqual(4 * 2 * pool + pool + 10);
  });

  it('migrates once in a one-shot service the replicas wait for, and shares uploads between replicas', () => {
    expect(services.migrate.command).toEqual(['migrate']);
    expect(services.migrate.restart).toBe('no');
    expect(app.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(app.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(app.volumes).toContain('uploads:/data');
    expect(env.UPLOAD_DIR).toBe('/data/uploads');
    expect(compose.volumes).toHaveProperty('uploads');
  });

  it('builds the image on Node 24, with the operator commands at its entry point, as .nvmrc and engines say', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM node:(\d+)/gm)).toEqual(['FROM node:24', 'FROM node:24']);
    expect(dockerfile).toContain('ENTRYPOINT ["./docker-entrypoint.sh"]');
    const entry = read('deploy/docker-entrypoint.sh');
    expect(entry).toMatch(/create-admin\) shift; exec node dist\/src\/cli\/main\.js "\$@"/);
    expect(entry).toMatch(/migrate\) exec node dist\/src\/cli\/migrate-main\.js/);
    // Each command runs a file the server build emits: dist/src/x.js is compiled from src/x.ts.
    const targets = [...entry.matchAll(/exec node (dist\/\S+)\.js/g)].map((m) => m[1]);
    expect(targets).toHaveLength(4);
    // The server command runs the package's main, the file npm start, the tests and the bench start.
    expect(entry).toMatch(/serve \| ''\) exec node (\S+) ;;/);
    expect(entry.match(/serve \| ''\) exec node (\S+) ;;/)?.[1]).toBe(JSON.parse(read('package.json')).main);
    for (const target of targets) expect(existsSync(join(ROOT, target.replace(/^dist\//, '') + '.ts'))).toBe(true);
    expect(read('.nvmrc').trim()).toBe('24');
    expect(JSON.parse(read('package.json')).engines.node).toMatch(/>=24|\^24/);
  });

  (testDialect() === 'sqlite' ? it : it.skip)(
    'runs the migrate command outside a container: applies, then finds nothing pending',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'travel-migrate-'));
      const secret = join(dir, 'jwt_secret');
      writeFileSync(secret, `${'k7Qm2Zx9Lp4Vt8Rw1Yc6Hn3Bj5Dg0Fs'}-${Date.now()}\n`);
      const run = () =>
        new Promise<{ code: number; out: string }>((resolve) => {
          execFile(
            join(ROOT, 'node_modules/.bin/tsx'),
            ['--tsconfig', join(ROOT, 'tsconfig.json'), join(ROOT, 'src/cli/migrate-main.ts')],
            {
              cwd: dir,
              env: {
                PATH: process.env.PATH,
                DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
                JWT_SECRET_FILE: secret,
              },
              timeout: 60_000,
            },
            (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
          );
        });
      try {
        expect(await run()).toEqual({ code: 0, out: 'Migrations applied.\n' });
        expect(await run()).toEqual({ code: 0, out: 'No migration was pending.\n' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
