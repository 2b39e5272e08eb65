// Front-end weight (informational until targets are set): gzip size of the built site and back-office assets.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/app-process.mjs';

function sizes(dir) {
  const out = { js: 0, css: 0, jsGzip: 0, cssGzip: 0, files: 0 };
  const walk = (p) => {
    for (const entry of readdirSync(p)) {
      const full = join(p, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(js|css)$/.test(entry)) {
        const bytes = readFileSync(full);
        const kind = entry.endsWith('.js') ? 'js' : 'css';
        out[kind] += bytes.length;
        out[`${kind}Gzip`] += gzipSync(bytes, { level: 9 }).length;
        out.files += 1;
      }
    }
  };
  walk(dir);
  return out;
}

/**
 * What a first visit downloads (gzip bytes): the entry script, its preloaded chunks and style sheets
 * (lazy chunks excluded). On the site that is the home page's code: the home page is in the entry.
 */
function firstLoad(dir, base) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1].replace(base, ''));
  const size = (ref) => gzipSync(readFileSync(join(dir, ref)), { level: 9 }).length;
  const sum = (kind) => refs.filter((r) => r.endsWith(`.${kind}`)).reduce((n, r) => n + size(r), 0);
  return { js: sum('js'), css: sum('css') };
}

/** The public-site issue's budget for the home page's initial JavaScript: 100 KB (gzip bytes). */
export const HOME_JS_BUDGET_BYTES = 100_000;

export async function run() {
  const rows = [];
  const details = {};
  for (const [name, dir, base] of [
    ['site', 'site/dist', '/'],
    ['back-office', 'admin/dist', '/admin/'],
  ]) {
    const full = join(ROOT, dir);
    if (!existsSync(full)) continue;
    const s = sizes(full);
    details[name] = s;
    const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
    rows.push({
      id: `${name} bundle (gzip)`,
      target: 'informational',
      measured: `JS ${kb(s.jsGzip)}, CSS ${kb(s.cssGzip)} (${s.files} files, ${kb(s.js + s.css)} raw)`,
      pass: null,
    });
    if (existsSync(join(full, 'index.html'))) {
      const first = firstLoad(full, base);
      details[name].firstLoadGzip = first;
      rows.push(
        name === 'site'
          ? {
              id: 'site home page initial JavaScript (gzip)',
              target: `≤ ${HOME_JS_BUDGET_BYTES / 1000} KB (${HOME_JS_BUDGET_BYTES.toLocaleString('en-US')} bytes)`,
              measured: `${(first.js / 1000).toFixed(1)} KB, ${first.js.toLocaleString('en-US')} bytes (and its style sheet ${kb(first.css)}, put in the page itself)`,
              pass: first.js <= HOME_JS_BUDGET_BYTES,
            }
          : {
              id: `${name} first load (gzip)`,
              target: 'informational',
              measured: `JS + CSS ${kb(first.js + first.css)}`,
              pass: null,
            },
      );
    }
  }
  return { rows, details };
}
