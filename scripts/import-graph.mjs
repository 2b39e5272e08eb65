#!/usr/bin/env node
// The server's import graph, folded to modules (the first folder under src/, and the top-level
// shared/ package as the module `shared`): prints module-level
// cycles, imports from src/database into a feature, and imports that run from a lower layer up.
// The front ends' graphs (site/src and admin/src, product files without their tests), folded to
// the zones of eslint-rules/front-ends.cjs (the app, shared code, each feature): prints per front end
// the module-level and file-level cycles and the upward arrows (shared code into a feature or the
// app, a feature into the app, a feature into another feature).
// `node scripts/import-graph.mjs` prints the figures; `--json` prints them as JSON;
// `--check` exits 1 when a cycle or a database→feature import exists or more than
// MAX_UPWARD imports run upward in the server, or when a front end has any cycle or upward arrow.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const sharedDir = join(root, 'shared');
const MAX_UPWARD = 4;

// The modules and their layers are the lint rule's (eslint-rules/architecture.cjs): one definition.
const require = createRequire(import.meta.url);
const { LAYERS, moduleOf } = require('../eslint-rules/architecture.cjs');
// The front ends' zones are their lint rule's (eslint-rules/front-ends.cjs): one definition.
const { FRONT_ENDS, featuresOf } = require('../eslint-rules/front-ends.cjs');
/** Infrastructure below src/database that it may use; every other module is a feature. */
const BELOW_DATABASE = new Set(['shared', 'config', 'redis', 'database']);
const layerOf = new Map(LAYERS.flatMap((mods, i) => mods.map((m) => [m, i])));

const SERVER_FILE = (name) => /\.ts$/.test(name) && !/\.(spec|d)\.ts$/.test(name);
const FRONT_END_FILE = (name) => /\.tsx?$/.test(name) && !/\.(spec|test|d)\.tsx?$/.test(name);

function walk(dir, out = [], keep = SERVER_FILE) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out, keep);
    else if (keep(name)) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base + '.ts', join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph() {
  const edges = [];
  for (const file of [...walk(src), ...walk(sharedDir)]) {
    const text = readFileSync(file, 'utf8');
    const specs = [
      ...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm),
    ];
    for (const [, spec] of specs) {
      const target = resolveImport(file, spec);
      if (target && (target.startsWith(src + '/') || target.startsWith(sharedDir + '/')))
        edges.push({ from: file, to: target });
    }
  }
  return edges;
}

function moduleCycles(edges, fold = moduleOf) {
  const adj = new Map();
  for (const { from, to } of edges) {
    const a = fold(from);
    const b = fold(to);
    if (a === b) continue;
    if (!adj.has(a)) adj.set(a, new Set());
    adj.get(a).add(b);
  }
  // Tarjan's strongly connected components; each one larger than a module is a circle.
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const sccs = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of adj.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) sccs.push(scc.sort());
    }
  };
  for (const v of adj.keys()) if (!idx.has(v)) visit(v);
  return sccs;
}

export function figures() {
  const edges = importGraph();
  const rel = (f) => relative(root, f);
  const databaseToFeature = edges
    .filter((e) => moduleOf(e.from) === 'database' && !BELOW_DATABASE.has(moduleOf(e.to)))
    .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
  const upward = edges
    .filter((e) => (layerOf.get(moduleOf(e.to)) ?? 0) > (layerOf.get(moduleOf(e.from)) ?? 0))
    .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
  const unknown = [...new Set(edges.flatMap((e) => [moduleOf(e.from), moduleOf(e.to)]))].filter((m) => !layerOf.has(m));
  return {
    files: new Set(edges.map((e) => e.from)).size,
    imports: edges.length,
    cycles: moduleCycles(edges),
    databaseToFeature,
    upward,
    unknown,
    frontEnds: Object.fromEntries(Object.keys(FRONT_ENDS).map((name) => [name, frontEndFigures(name)])),
  };
}

/** The product files of a front end (site or admin) with their text, keyed by absolute path. */
export function frontEndSources(name) {
  return new Map(walk(join(root, name, 'src'), [], FRONT_END_FILE).map((file) => [file, readFileSync(file, 'utf8')]));
}

const FRONT_END_IMPORT =
  /(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"]((?:\.{1,2}|@shared|@session)\/[^'"]+)['"]/gm;
const ALIASES = { '@shared': join(root, 'shared'), '@session': join(root, 'web', 'session') };

/**
 * A front end's import graph from its sources (a Map of absolute path → text, frontEndSources(name)
 * by default): edges between its own files, and the count of imports that leave it (@shared/…,
 * @session/…, or a relative path out of its src/ folder).
 */
function frontEndGraph(name, sources = frontEndSources(name)) {
  const edges = [];
  let outside = 0;
  for (const [file, text] of sources) {
    for (const [, raw] of text.matchAll(FRONT_END_IMPORT)) {
      const spec = raw.replace(/\?.*$/, '');
      const alias = Object.keys(ALIASES).find((a) => spec.startsWith(`${a}/`));
      const base = alias ? join(ALIASES[alias], spec.slice(alias.length + 1)) : resolve(dirname(file), spec);
      const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) =>
        sources.has(c),
      );
      if (target) edges.push({ from: file, to: target });
      else if (alias || !base.startsWith(join(root, name, 'src') + '/')) outside++;
    }
  }
  return { edges, outside };
}

/**
 * The zone of a front-end file: the longest entry of the front end's layout (eslint-rules/front-ends.cjs)
 * that holds it, as { module, zone } with zone 'app', 'shared' or 'feature'; null when no entry does.
 */
function frontEndZoneOf(name, file) {
  const path = relative(join(root, name, 'src'), file)
    .split('\\')
    .join('/');
  const layout = FRONT_ENDS[name];
  const entries = [
    ...layout.app.map((module) => ({ module, zone: 'app' })),
    ...layout.shared.map((module) => ({ module, zone: 'shared' })),
    ...featuresOf(name).map((module) => ({ module, zone: 'feature' })),
  ];
  const holding = entries.filter((e) => path === e.module || path.startsWith(`${e.module}/`));
  return holding.sort((a, b) => b.module.length - a.module.length)[0] ?? null;
}

/** Whether an import from one zone into another runs upward (or sideways between features). */
function upwardArrow(from, to) {
  if (!from || !to || from.module === to.module) return false;
  if (from.zone === 'shared') return to.zone !== 'shared';
  if (from.zone === 'feature')
    return to.zone === 'app' || (to.zone === 'feature' && !to.module.startsWith(`${from.module}/`));
  return false;
}

/** A front end's figures: module-level and file-level cycles, upward arrows, files in no zone. */
export function frontEndFigures(name, sources = frontEndSources(name)) {
  const { edges, outside } = frontEndGraph(name, sources);
  const rel = (f) => relative(root, f);
  const zones = new Map([...sources.keys()].map((f) => [f, frontEndZoneOf(name, f)]));
  const moduleName = (f) => zones.get(f)?.module ?? rel(f);
  return {
    files: sources.size,
    imports: edges.length,
    outside,
    cycles: moduleCycles(edges, moduleName),
    fileCycles: moduleCycles(edges, rel),
    upward: edges
      .filter((e) => upwardArrow(zones.get(e.from), zones.get(e.to)))
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`),
    unknown: [...zones].filter(([, zone]) => !zone).map(([f]) => rel(f)),
  };
}

/** What makes `--check` fail, one line each (empty when the graph is clean). */
export function failures(f) {
  const found = [];
  if (f.cycles.length) found.push(`server: ${f.cycles.length} module-level cycles`);
  if (f.databaseToFeature.length)
    found.push(`server: ${f.databaseToFeature.length} imports from src/database into a feature`);
  if (f.upward.length > MAX_UPWARD) found.push(`server: ${f.upward.length} upward imports (at most ${MAX_UPWARD})`);
  if (f.unknown.length) found.push(`server: modules without a layer: ${f.unknown.join(', ')}`);
  for (const [name, fe] of Object.entries(f.frontEnds ?? {})) {
    if (fe.cycles.length) found.push(`${name}: ${fe.cycles.length} module-level cycles`);
    if (fe.fileCycles.length) found.push(`${name}: ${fe.fileCycles.length} file-level cycles`);
    if (fe.upward.length) found.push(`${name}: ${fe.upward.length} upward arrows`);
    if (fe.unknown.length) found.push(`${name}: files in no zone: ${fe.unknown.join(', ')}`);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const f = figures();
  if (process.argv.includes('--json')) console.log(JSON.stringify(f, null, 2));
  else {
    console.log(`files ${f.files}, relative imports ${f.imports}`);
    console.log(`module-level cycles: ${f.cycles.length}`);
    for (const c of f.cycles) console.log(`  ${c.join(' <-> ')}`);
    console.log(`imports from src/database into a feature: ${f.databaseToFeature.length}`);
    for (const e of f.databaseToFeature) console.log(`  ${e}`);
    console.log(`imports from a lower layer up: ${f.upward.length} (at most ${MAX_UPWARD})`);
    for (const e of f.upward) console.log(`  ${e}`);
    if (f.unknown.length) console.log(`modules without a layer: ${f.unknown.join(', ')}`);
    for (const [name, fe] of Object.entries(f.frontEnds)) {
      console.log(`${name}/src: files ${fe.files}, imports ${fe.imports} within it, ${fe.outside} out of it`);
      console.log(`  module-level cycles: ${fe.cycles.length}`);
      for (const c of fe.cycles) console.log(`    ${c.join(' <-> ')}`);
      console.log(`  file-level cycles: ${fe.fileCycles.length}`);
      for (const c of fe.fileCycles) console.log(`    ${c.join(' <-> ')}`);
      console.log(`  upward arrows (shared -> feature/app, feature -> app, feature -> feature): ${fe.upward.length}`);
      for (const e of fe.upward) console.log(`    ${e}`);
      if (fe.unknown.length) console.log(`  files in no zone: ${fe.unknown.join(', ')}`);
    }
  }
  if (process.argv.includes('--check')) {
    const found = failures(f);
    for (const line of found) console.error(`import graph: ${line}`);
    if (found.length) process.exit(1);
  }
}
