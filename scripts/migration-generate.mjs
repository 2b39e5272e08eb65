#!/usr/bin/env node
// Generates a migration per dialect from the difference between the migrations so far and the entities.
// Usage: npm run migration:generate -- AddSomething
// MySQL side uses MIGRATION_DATABASE_URL (default mysql://root@127.0.0.1:3306) and a throw-away database.
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('usage: npm run migration:generate -- PascalCaseName');
  process.exit(2);
}
execSync('npx nest build', { cwd: root, stdio: 'inherit' });
require('reflect-metadata');
const { DataSource } = require('typeorm');
const { buildDataSourceOptions, resolveDatabaseConfig } = require(join(root, 'dist/src/database/data-source.js'));
const mysql = require('mysql2/promise');

const timestamp = Date.now();
const serverUrl = (process.env.MIGRATION_DATABASE_URL || 'mysql://root@127.0.0.1:3306').replace(/\/[^/]*$/, (m) =>
  m.includes(':') ? m : '',
);

function render(dialect, className, up, down) {
  const q = (list) =>
    list
      .map(
        (x) =>
          `    await queryRunner.query(\`${x.query.replace(/`/g, '\\`')}\`${x.parameters?.length ? `, ${JSON.stringify(x.parameters)}` : ''});`,
      )
      .join('\n');
  return `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${q(up)}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${q(down)}
  }
}
`;
}

function writeIndex(dir, constName) {
  const files = readdirSync(dir)
    .filter((f) => /^\d+-[A-Za-z0-9]+\.ts$/.test(f))
    .sort();
  const imports = files.map((f) => {
    const [ts, cls] = f.replace(/\.ts$/, '').split('-');
    return { line: `import { ${cls}${ts} } from './${f.replace(/\.ts$/, '')}';`, cls: `${cls}${ts}` };
  });
  writeFileSync(
    join(dir, 'index.ts'),
    `${imports.map((i) => i.line).join('\n')}\n\n// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type\nexport const ${constName}: Function[] = [${imports.map((i) => i.cls).join(', ')}];\n`,
  );
}

for (const dialect of ['sqlite', 'mysql']) {
  let db;
  let cleanup;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'migr-'));
    db = { type: 'sqlite', path: join(dir, 'gen.sqlite') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const dbName = `migr_${timestamp}`;
    const admin = await mysql.createConnection(serverUrl);
    await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    db = { type: 'mysql', url: `${serverUrl}/${dbName}` };
    cleanup = async () => {
      await admin.query(`DROP DATABASE \`${dbName}\``);
      await admin.end();
    };
  }
  const ds = new DataSource(buildDataSourceOptions(await resolveDatabaseConfig(db), false));
  try {
    await ds.initialize();
    await ds.runMigrations();
    const log = await ds.driver.createSchemaBuilder().log();
    if (!log.upQueries.length) {
      console.log(`${dialect}: entities and migrations already agree, nothing generated`);
      continue;
    }
    const dir = join(root, 'src/database/migrations', dialect);
    const file = join(dir, `${timestamp}-${name}.ts`);
    writeFileSync(file, render(dialect, `${name}${timestamp}`, log.upQueries, [...log.downQueries].reverse()));
    writeIndex(dir, dialect === 'sqlite' ? 'SQLITE_MIGRATIONS' : 'MYSQL_MIGRATIONS');
    console.log(`${dialect}: wrote ${file} (${log.upQueries.length} statements)`);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await cleanup();
  }
}
