import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

// scripts/import-graph.mjs is an ES module that jest does not load: each case runs it in a node
// process. The front ends' graphs are read from their sources (a Map of path → text), so a planted
// file is one more entry in that map, and nothing is written to the tree.
const root = join(__dirname, '..');
const script = join(root, 'scripts', 'import-graph.mjs');

function graph<T>(body: string): T {
  const code = `import * as g from ${JSON.stringify(script)};
import { join } from 'node:path';
const root = ${JSON.stringify(root)};
const plant = (name, files) => {
  const sources = g.frontEndSources(name);
  for (const [path, text] of Object.entries(files)) sources.set(join(root, path), text);
  return sources;
};
console.log(JSON.stringify(await (async () => { ${body} })()));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' })) as T;
}

interface FrontEndFigures {
  files: number;
  imports: number;
  outside: number;
  cycles: string[][];
  fileCycles: string[][];
  upward: string[];
  unknown: string[];
}

describe('import graph (scripts/import-graph.mjs)', () => {
  it('finds no cycle and no upward arrow in the server, site/ and admin/, and --check passes', () => {
    const f = graph<Record<string, unknown> & { frontEnds: Record<string, FrontEndFigures> }>('return g.figures();');
    // The server's figures keep their keys; the front ends are one key more.
    expect(Object.keys(f)).toEqual(
      expect.arrayContaining(['files', 'imports', 'cycles', 'databaseToFeature', 'upward', 'unknown', 'frontEnds']),
    );
    expect(f.cycles).toEqual([]);
    expect(f.databaseToFeature).toEqual([]);
    expect(Object.keys(f.frontEnds).sort()).toEqual(['admin', 'site']);
    for (const fe of Object.values(f.frontEnds)) {
      expect(fe.files).toBeGreaterThan(50);
      expect(fe.imports).toBeGreaterThan(100);
      // @shared/… and @session/… imports leave the front end.
      expect(fe.outside).toBeGreaterThan(10);
      expect({ cycles: fe.cycles, fileCycles: fe.fileCycles, upward: fe.upward, unknown: fe.unknown }).toEqual({
        cycles: [],
        fileCycles: [],
        upward: [],
        unknown: [],
      });
    }
    const check = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('fails on a planted cycle between shared code and a site feature', () => {
    const { planted, found } = graph<{ planted: FrontEndFigures; found: string[] }>(`
      const planted = g.frontEndFigures('site', plant('site', {
        'site/src/components/planted.ts': "import { faq } from '../features/faq/planted';\\nexport const shared = faq;\\n",
        'site/src/features/faq/planted.tsx': "import { shared } from '../../components/planted';\\nexport const faq = shared;\\n",
      }));
      return { planted, found: g.failures({ ...g.figures(), frontEnds: { site: planted } }) };`);
    expect(planted.cycles).toEqual([['components', 'features/faq']]);
    expect(planted.fileCycles).toEqual([['site/src/components/planted.ts', 'site/src/features/faq/planted.tsx']]);
    expect(planted.upward).toEqual(['site/src/components/planted.ts -> site/src/features/faq/planted.tsx']);
    expect(found).toEqual(['site: 1 module-level cycles', 'site: 1 file-level cycles', 'site: 1 upward arrows']);
  });

  it('counts a feature importing another feature or the app as an upward arrow, and the app composing as none', () => {
    const { admin, site } = graph<{ admin: FrontEndFigures; site: FrontEndFigures }>(`
      const admin = g.frontEndFigures('admin', plant('admin', {
        'admin/src/packs/planted.ts': "export { LeadList } from '../leads';\\n",
        'admin/src/dashboard/planted.ts': "export { LeadList } from '../leads';\\n",
      }));
      const site = g.frontEndFigures('site', plant('site', {
        'site/src/account/planted.ts': "import { SITE_NAME } from '../app/page-meta';\\nimport { paths } from '@shared/paths';\\nexport const x = [SITE_NAME, paths];\\n",
      }));
      return { admin, site };`);
    expect(admin.upward).toEqual(['admin/src/packs/planted.ts -> admin/src/leads/index.ts']);
    expect(admin.cycles).toEqual([]);
    expect(site.upward).toEqual(['site/src/account/planted.ts -> site/src/app/page-meta.ts']);
  });

  it('names a file that lies in no zone of the layout', () => {
    const fe = graph<FrontEndFigures>(
      `return g.frontEndFigures('site', plant('site', { 'site/src/stray.ts': 'export const stray = 1;\\n' }));`,
    );
    expect(fe.unknown).toEqual(['site/src/stray.ts']);
  });
});
