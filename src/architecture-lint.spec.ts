import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// The server's boundary rules (eslint-rules/architecture.cjs), as eslint.config.mjs uses them: each
// planted violation below must be reported, and its lawful twin must not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const architecture = require('../eslint-rules/architecture.cjs') as {
  serverConfigs(): ESLint.Options['overrideConfig'][];
};

const root = join(__dirname, '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as never } },
    ...(architecture.serverConfigs() as never[]),
  ],
});

async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('\n'));
  return result.messages.map((m) => String(m.ruleId));
}

describe('architecture lint rules', () => {
  it('is the configuration the project lints with', () => {
    expect(readFileSync(join(root, 'eslint.config.mjs'), 'utf8')).toContain('...architecture.serverConfigs()');
  });

  it('stops src/database from importing a feature', async () => {
    const planted = "import { UsersModule } from '../users/users.module';\nexport const m = UsersModule;\n";
    expect(await rulesFired('src/database/planted.ts', planted)).toContain('architecture/layers');
    const lawful = "import { AppConfig } from '../config/app-config';\nexport const c = AppConfig;\n";
    expect(await rulesFired('src/database/planted.ts', lawful)).toEqual([]);
  });

  it('stops an import that closes a module cycle', async () => {
    // users is imported by auth, so users importing auth would make a circle.
    const planted = "import { LoginService } from '../auth/login.service';\nexport const s = LoginService;\n";
    expect(await rulesFired('src/users/planted.ts', planted)).toContain('architecture/no-module-cycle');
    const lawful = "import { UsersModule } from '../users/users.module';\nexport const m = UsersModule;\n";
    expect(await rulesFired('src/auth/planted.ts', lawful)).toEqual([]);
  });

  it('keeps the users module off the leads table (the cycle it once had is no longer allowed)', async () => {
    const planted = "import { Lead } from '../leads/entities/lead.entity';\nexport const e = Lead;\n";
    expect(await rulesFired('src/users/planted.ts', planted)).toContain('architecture/no-module-cycle');
  });

  it('stops an import that runs from a lower layer up', async () => {
    const planted = "import { AdminModule } from '../../admin/admin.module';\nexport const m = AdminModule;\n";
    expect(await rulesFired('src/common/guards/planted.ts', planted)).toContain('architecture/layers');
  });

  it("stops a feature reaching into another's internal files", async () => {
    const planted = "import { hashCode } from '../leads/lead-code';\nexport const c = hashCode;\n";
    expect(await rulesFired('src/admin/planted.ts', planted)).toContain('architecture/public-api');
    const lawful = "import { LeadsService } from '../leads/leads.service';\nexport const s = LeadsService;\n";
    expect(await rulesFired('src/admin/planted.ts', lawful)).toEqual([]);
  });

  it('keeps DataSource, @InjectDataSource and dialect branches in src/database and repositories', async () => {
    const planted = [
      "import { InjectDataSource } from '@nestjs/typeorm';",
      "import { DataSource } from 'typeorm';",
      "import { isSqlite } from '../database/dialect';",
      'export class Planted {',
      '  constructor(@InjectDataSource() readonly db: DataSource) {}',
      '  sqlite = () => isSqlite(this.db);',
      '}',
      '',
    ].join('\n');
    const fired = await rulesFired('src/catalogue/planted.service.ts', planted);
    expect(fired.filter((r) => r === 'no-restricted-imports')).toHaveLength(2);
    // Nor a transaction opened on a DataSource reached some other way: UnitOfWork opens them.
    const opened = "import { runInTransaction } from '../database/transactions';\nexport const r = runInTransaction;\n";
    expect(await rulesFired('src/catalogue/planted.service.ts', opened)).toContain('no-restricted-imports');
    expect(await rulesFired('src/catalogue/planted.repository.ts', opened)).toEqual([]);
    expect(fired).toContain('no-restricted-syntax');
    // The back-office is held to it file by file now: a new admin service cannot reach for a DataSource.
    expect(
      (await rulesFired('src/admin/desk/planted.service.ts', planted)).filter((r) => r === 'no-restricted-imports'),
    ).toHaveLength(2);
    expect(await rulesFired('src/catalogue/planted.repository.ts', planted)).toEqual([]);
    expect(await rulesFired('src/database/planted.ts', planted)).toEqual([]);
  });

  it("keeps a table's queries in its repository: a service hands its transaction to one", async () => {
    const planted = [
      "import { EntityManager } from 'typeorm';",
      "import { Pack } from './pack.entity';",
      'export class Planted {',
      '  cheap = (em: EntityManager) => em.getRepository(Pack).find();',
      '  raw = (manager: EntityManager) => manager.query("SELECT 1");',
      '  held = (uow: { em: EntityManager }) => uow.em.count(Pack);',
      '}',
      '',
    ].join('\n');
    const fired = await rulesFired('src/catalogue/planted.service.ts', planted);
    expect(fired.filter((r) => r === 'no-restricted-syntax')).toHaveLength(3);
    expect(await rulesFired('src/catalogue/planted.repository.ts', planted)).toEqual([]);
    // Nor through a TypeORM Repository injected beside the table's own repository class.
    const injected = [
      "import { InjectRepository } from '@nestjs/typeorm';",
      "import { Repository } from 'typeorm';",
      "import { Pack } from './pack.entity';",
      'export class Planted {',
      '  constructor(@InjectRepository(Pack) readonly packs: Repository<Pack>) {}',
      '}',
      '',
    ].join('\n');
    const imports = (await rulesFired('src/catalogue/planted.service.ts', injected)).filter(
      (r) => r === 'no-restricted-imports',
    );
    expect(imports).toHaveLength(2);
    expect(await rulesFired('src/catalogue/planted.repository.ts', injected)).toEqual([]);
  });

  it('holds the file-name convention the entity discovery relies on', async () => {
    expect(await rulesFired('src/mail/Planted_File.ts', 'export const x = 1;\n')).toContain('architecture/file-names');
    const entity = "import { Entity } from 'typeorm';\n@Entity('planted')\nexport class Planted {}\n";
    expect(await rulesFired('src/mail/planted.ts', entity)).toContain('architecture/file-names');
    expect(await rulesFired('src/mail/planted.entity.ts', entity)).toEqual([]);
  });
});
