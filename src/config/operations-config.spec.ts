import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'dotenv';
import { ConfigError, loadConfig } from './app-config';

const ROOT = join(__dirname, '../..');
const cwd = mkdtempSync(join(tmpdir(), 'ops-config-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('configuration an operator meets', () => {
  it('lets PUBLIC_URL follow PORT with the committed .env', () => {
    const dotenv = parse(readFileSync(join(ROOT, '.env')));
    expect(dotenv.PUBLIC_URL).toBeUndefined();
    const config = loadConfig({ ...dotenv, PORT: '3999' }, cwd);
    expect(config.publicUrl).toBe('http://localhost:3999');
  });

  it('lists an unknown LOG_LEVEL and a short METRICS_TOKEN with the other problems', () => {
    let error: unknown;
    try {
      loadConfig({ LOG_LEVEL: 'verbose', METRICS_TOKEN: 'short', PORT: 'x' }, cwd);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:\n- /);
    expect(message).toContain('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
    expect(message).toContain('METRICS_TOKEN must be at least 16 characters');
    expect(message).toMatch(/PORT/);
  });

  it('starts with a clear list of problems, never a stack trace', async () => {
    const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
      execFile(
        join(ROOT, 'node_modules/.bin/tsx'),
        ['--tsconfig', join(ROOT, 'tsconfig.json'), join(ROOT, 'src/main.ts')],
        { cwd, env: { PATH: process.env.PATH, LOG_LEVEL: 'verbose', DATA_DIR: join(cwd, 'data') }, timeout: 60_000 },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, text: `${stdout}${stderr}` }),
      );
    });
    expect(output.code).toBe(1);
    expect(output.text).toContain('LOG_LEVEL must be one of');
    expect(output.text).not.toMatch(/^\s+at /m);
  }, 60_000);
});
