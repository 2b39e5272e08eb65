import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// The front ends' boundary rules (eslint-rules/front-ends.cjs), as eslint.config.mjs uses them: each
// planted violation below must be reported, and its lawful twin must not.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const frontEnds = require('../eslint-rules/front-ends.cjs') as {
  frontEndConfigs(): ESLint.Options['overrideConfig'][];
};

const root = join(__dirname, '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser as never } },
    ...(frontEnds.frontEndConfigs() as never[]),
  ],
});

async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('\n'));
  return result.messages.map((m) => String(m.ruleId));
}

const use = (name: string, from: string) => `import { ${name} } from '${from}';\nexport const planted = ${name};\n`;

describe('front-end lint rules', () => {
  it('is the configuration the project lints with', () => {
    expect(readFileSync(join(root, 'eslint.config.mjs'), 'utf8')).toContain('...frontEnds.frontEndConfigs()');
  });

  it("stops a site feature importing another feature's files", async () => {
    const planted = use('PackCard', '../catalogue/pack-card');
    expect(await rulesFired('site/src/features/offers/planted.tsx', planted)).toContain('import-x/no-restricted-paths');
    // account/ is a feature too.
    const account = use('LEAD_TEXT', '../features/leads/lead-texts');
    expect(await rulesFired('site/src/account/planted.ts', account)).toContain('import-x/no-restricted-paths');
    // Its own files and shared code are lawful.
    expect(
      await rulesFired('site/src/features/offers/planted.tsx', use('PriceTag', '../../components/ui/price-tag')),
    ).toEqual([]);
    expect(await rulesFired('site/src/features/offers/planted.tsx', use('pickOffer', './seen-offers'))).toEqual([]);
  });

  it('stops site shared code importing a feature or the app, and lets the app compose', async () => {
    const feature = use('LEAD_TEXT', '../../features/leads/lead-texts');
    expect(await rulesFired('site/src/components/ui/planted.tsx', feature)).toContain('import-x/no-restricted-paths');
    const app = use('SITE_NAME', '../app/page-meta');
    expect(await rulesFired('site/src/lib/planted.ts', app)).toContain('import-x/no-restricted-paths');
    expect(await rulesFired('site/src/features/faq/planted.ts', use('SITE_NAME', '../../app/page-meta'))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesFired('site/src/app/routes/planted.tsx', feature)).toEqual([]);
  });

  it("stops a back-office feature importing another feature's files", async () => {
    const planted = use('AuditList', '../audit/AuditList');
    expect(await rulesFired('admin/src/leads/planted.tsx', planted)).toContain('import-x/no-restricted-paths');
    expect(await rulesFired('admin/src/leads/planted.tsx', use('RecordHistory', '../common/RecordHistory'))).toEqual(
      [],
    );
    // The lead desk is part of the leads feature; the dashboard (app) composes it.
    expect(await rulesFired('admin/src/leads/planted.tsx', use('LeadTasks', './desk/LeadTasks'))).toEqual([]);
    expect(await rulesFired('admin/src/dashboard/planted.tsx', use('MyTasks', '../leads/desk/MyTasks'))).toEqual([]);
  });

  it('stops back-office shared code importing a feature or the app', async () => {
    const feature = use('LeadList', '../leads/LeadList');
    expect(await rulesFired('admin/src/common/planted.tsx', feature)).toContain('import-x/no-restricted-paths');
    const app = use('Layout', '../layout/Layout');
    expect(await rulesFired('admin/src/auth/planted.tsx', app)).toContain('import-x/no-restricted-paths');
    expect(await rulesFired('admin/src/users/planted.tsx', app)).toContain('import-x/no-restricted-paths');
  });

  it('stops an import that closes a cycle, in either front end', async () => {
    // faq-data imports the teasers' questions: the teasers importing faq-data again is the circle the FAQ once had.
    const site = use('FAQ', './faq-data');
    expect(await rulesFired('site/src/features/faq/faq-teaser-data.ts', site)).toContain('import-x/no-cycle');
    // page-frame imports route-error; route-error importing page-frame again is the other one.
    expect(await rulesFired('site/src/app/route-error.tsx', use('PageFrame', './page-frame'))).toContain(
      'import-x/no-cycle',
    );
    // ChangesField imports statuses; statuses importing ChangesField would make a circle.
    const admin = use('changeLines', './ChangesField');
    expect(await rulesFired('admin/src/common/statuses.ts', admin)).toContain('import-x/no-cycle');
    expect(await rulesFired('admin/src/common/ChangesField.tsx', use('statusKey', './statuses'))).toEqual([]);
  });

  it('has the front ends import shared/ and web/session by their aliases', async () => {
    const planted = use('PATHS', '../../../shared/paths');
    expect(await rulesFired('site/src/lib/planted.ts', planted)).toContain('no-restricted-imports');
    expect(await rulesFired('admin/src/common/planted.ts', use('PATHS', '../../shared/paths'))).toContain(
      'no-restricted-imports',
    );
    expect(await rulesFired('admin/src/common/planted.ts', use('readTokens', '../../../web/session/tokens'))).toContain(
      'no-restricted-imports',
    );
    expect(await rulesFired('site/src/lib/planted.ts', use('PATHS', '@shared/paths'))).toEqual([]);
  });
});
