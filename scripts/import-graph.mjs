#!/usr/bin/env node
// The server's import graph, folded to modules (the first folder under src/, and the top-level
// shared/ package as the module `shared`): prints module-level
// cycles, imports from src/database into a feature, and imports that run from a lower layer up.
// `node scripts/import-graph.mjs` prints the figures; `--json` prints them as JSON;
// `--check` exits 1 when a cycle or a database→feature import exists or more than
// MAX_UPWARD imports run upward.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const sharedDir = join(root, 'shared');
const MAX_UPWARD = 4;

// The modules and their layers are the lint rule's (eslint-rules/architecture.cjs): one definition.
const { LAYERS, moduleOf } = createRequire(import.meta.url)('../eslint-rules/architecture.cjs');
/** Infrastructure below src/database that it may use; every other module is a feature. */
const BELOW_DATABASE = new Set(['shared', 'config', 'redis', 'database']);
const layerOf = new Map(LAYERS.flatMap((mods, i) => mods.map((m) => [m, i])));

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.ts$/.test(name) && !/\.(spec|d)\.ts$/.test(name)) out.push(path);
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

function moduleCycles(edges) {
  const adj = new Map();
  for (const { from, to } of edges) {
    const a = moduleOf(from);
    const b = moduleOf(to);
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
  };
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
  }
  if (
    process.argv.includes('--check') &&
    (f.cycles.length || f.databaseToFeature.length || f.upward.length > MAX_UPWARD || f.unknown.length)
  )
    process.exit(1);
}
