import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
/** Build output, local data and installed packages (all in .gitignore), never part of the layout. */
const GENERATED = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'data',
  'coverage',
  'test-results',
  'screenshots',
  'secrets',
  'backups',
]);

/** The source folders directly under `dir` ('' for the repository root). */
function sourceFolders(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !GENERATED.has(e.name))
    .map((e) => e.name);
}

describe('the README layout section', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(
    readme.indexOf('\n## Layout'),
    readme.indexOf('\n## ', readme.indexOf('\n## Layout') + 5),
  );

  it('lists every top-level folder and every folder of src/, site/src/ and admin/src/', () => {
    expect(section.length).toBeGreaterThan(200);
    const missing: string[] = [];
    for (const [dir, prefix] of [
      ['', ''],
      ['src', 'src/'],
      ['site/src', 'site/src/'],
      ['admin/src', 'admin/src/'],
    ] as const) {
      for (const folder of sourceFolders(dir)) {
        // Written as `name/` inside the section (a folder under src/ may sit on its parent's line).
        if (!new RegExp(`(^|[\\s\`(/])${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`, 'm').test(section))
          missing.push(prefix + folder);
      }
    }
    expect(missing).toEqual([]);
  });
});
