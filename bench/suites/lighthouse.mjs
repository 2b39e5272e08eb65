// Lighthouse on the public pages: the `lighthouse` package driving Debian's Chromium with its
// default settings (mobile: Moto G Power viewport, simulated slow 4G and 4× CPU slowdown), three
// runs per page, the median run reported (Lighthouse's own computeMedianRun, by FCP and TTI).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { ROOT, settlePictures, startApp } from '../lib/app-process.mjs';
import { startWeatherStub } from '../../scripts/lib/weather-stub.mjs';
import { createBenchDatabase } from '../lib/db.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100, lcpMs: 2000, cls: 0.02 };

const slug = (name) => encodeURIComponent(name.trim().toLowerCase().replace(/\s+/g, '-'));

/** The site is measured as built: build it when it is missing. */
function ensureSiteBuilt(log) {
  if (existsSync(join(ROOT, 'site/dist/index.html'))) return;
  log('Building the site (npm run build:site)...');
  const res = spawnSync('npm', ['run', 'build:site'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('the site build failed');
}

/** Audits that cost a category points in this run: the cause of a miss, in Lighthouse's words. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => (audit.displayValue ? `${audit.id} (${audit.displayValue})` : audit.id));
}

function summarize(page, lhr, all) {
  const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  const result = {
    page,
    url: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpElement: lcpElement ?? null,
    runs: all.map((r) => ({
      performance: Math.round(r.categories.performance.score * 100),
      lcpMs: Math.round(r.audits['largest-contentful-paint'].numericValue),
    })),
    losses: Object.fromEntries(CATEGORIES.map((c) => [c, losses(lhr, c)])),
  };
  const misses = [];
  for (const c of CATEGORIES) if (result.scores[c] < TARGETS[c]) misses.push(c);
  if (!(result.lcpMs <= TARGETS.lcpMs)) misses.push('LCP');
  if (!(result.cls <= TARGETS.cls)) misses.push('CLS');
  result.misses = misses;
  return result;
}

/** The pages measured: the home page, the deals, the first destination of the catalogue and the contact page. */
async function pages(baseUrl) {
  const destinations = await (await fetch(`${baseUrl}/api/destinations/`)).json();
  if (!destinations.length) throw new Error('the demo catalogue has no destination');
  const d = destinations[0];
  return [
    ['home', '/'],
    ['deals', '/deals'],
    ['destination', `/destinations/${d.id}/${slug(d.name)}`],
    ['contact', '/contacto'],
  ];
}

export async function run({ log = console.log, runs = RUNS } = {}) {
  ensureSiteBuilt(log);
  const db = await createBenchDatabase('sqlite');
  const tmp = mkdtempSync(join(os.tmpdir(), 'bench-lighthouse-'));
  const loadStart = os.loadavg().map((n) => n.toFixed(2));
  let app;
  let chrome;
  // The weather provider answers from this machine (no internet here), as it does in production:
  // an unreachable provider would log a failed request on the destination page.
  const weather = await startWeatherStub();
  try {
    app = await startApp({
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'outbox',
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: join(tmp, 'uploads'),
      OUTBOX_DIR: join(tmp, 'outbox'),
      WEATHER_API_URL: weather.url,
    });
    await settlePictures(app.baseUrl);
    mkdirSync(join(tmp, 'chrome'));
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
      userDataDir: join(tmp, 'chrome'),
    });
    const results = [];
    for (const [page, path] of await pages(app.baseUrl)) {
      const url = `${app.baseUrl}${path}`;
      // One unmeasured load first, so each measured run sees a server that has rendered the page before.
      await fetch(url, { headers: { accept: 'text/html' } }).then((r) => r.arrayBuffer());
      const lhrs = [];
      // A run whose trace Lighthouse could not record (e.g. NO_NAVSTART) is taken again, twice at most.
      for (let i = 0, retries = 0; i < runs;) {
        const out = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (out.lhr.runtimeError) {
          if (retries >= 2) throw new Error(`${page}: ${out.lhr.runtimeError.message}`);
          retries += 1;
          log(`  ${page}: run ${i + 1} not recorded (${out.lhr.runtimeError.code}), taken again`);
          continue;
        }
        lhrs.push(out.lhr);
        i += 1;
      }
      const summary = summarize(page, computeMedianRun(lhrs), lhrs);
      log(
        `  ${page}: perf ${summary.scores.performance}, a11y ${summary.scores.accessibility}, BP ${summary.scores['best-practices']}, SEO ${summary.scores.seo}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms, CLS ${summary.cls}${summary.misses.length ? ` (misses: ${summary.misses.join(', ')})` : ''}`,
      );
      results.push(summary);
    }
    return {
      measuredAt: new Date().toISOString(),
      lighthouseVersion: lhrVersion(),
      chromium: chromiumVersion(),
      runsPerPage: runs,
      loadStart,
      loadEnd: os.loadavg().map((n) => n.toFixed(2)),
      targets: TARGETS,
      pages: results,
    };
  } finally {
    await chrome?.kill();
    await app?.stop();
    await weather.close();
    await db.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

function lhrVersion() {
  return JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}

function chromiumVersion() {
  return spawnSync(CHROMIUM, ['--version']).stdout?.toString().trim() ?? 'unknown';
}
