#!/usr/bin/env node
// What one execution of a prepared SQLite statement costs with its parameters written `?` and `+?`
// (src/database/sqlite-binds.ts says why they differ on SQLite 3.54), beside the same statement bound
// once and run without rebinding (no re-prepare possible): the gap between `?` and "bound once" is the
// statement compiled again at each run.
//   node bench/statement-reprepare.mjs [path/to/app.sqlite]
// With a database file of the app (BENCH_KEEP_DB=1 node bench/trace-burst.mjs keeps one), the public
// lead's own read is timed too, with the visitor of its newest lead.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(import.meta.url);
const ROOT = new URL('..', import.meta.url).pathname;
const modern = Number(process.versions.node.split('.')[0]) >= 22;
const Database = require(modern ? 'better-sqlite3' : 'better-sqlite3-node20');
const { stableBinds } = require(`${ROOT}dist/src/database/sqlite-binds.js`);

const best = (fn, runs = 2000) => {
  let min = Infinity;
  for (let round = 0; round < 7; round += 1) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < runs; i += 1) fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t) / runs / 1000);
  }
  return min.toFixed(1).padStart(6);
};

function compare(db, label, sql, params) {
  const plain = db.prepare(sql);
  const stable = db.prepare(stableBinds(sql));
  const once = db.prepare(sql).bind(...params);
  console.log(
    `${best(() => plain.get(...params))} µs  ${best(() => stable.get(...params))} µs  ${best(() => once.get())} µs   ${label}`,
  );
}

const db = new Database(':memory:');
console.log(`Node ${process.version}, SQLite ${db.prepare('SELECT sqlite_version() AS v').get().v}`);
console.log('     `?`     `+?`   bound once');
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT); CREATE INDEX t_a ON t (a);');
const insert = db.prepare('INSERT INTO t (a, b) VALUES (?, ?)');
for (let i = 0; i < 3000; i += 1) insert.run(`x${i % 100}`, `y${i}`);
compare(db, 'a = ? LIMIT 1', 'SELECT id FROM t WHERE a = ? LIMIT 1', ['x5']);
compare(db, 'a = ? ORDER BY id LIMIT 1', 'SELECT id FROM t WHERE a = ? ORDER BY id LIMIT 1', ['x5']);
compare(db, 'MIN(id) WHERE a = ?', 'SELECT MIN(id) AS m FROM t WHERE a = ?', ['x5']);
compare(db, 'a = ? ORDER BY b LIMIT 5', 'SELECT id FROM t WHERE a = ? ORDER BY b LIMIT 5', ['x5']);
db.close();

const file = process.argv[2];
if (file && existsSync(file)) {
  const { READ_CONTEXT_AND_VERIFICATION } = require(`${ROOT}dist/src/leads/intake/lead-intake.repository.js`);
  const app = new Database(file, { readonly: true });
  const lead = app.prepare('SELECT email, phone, destination_id FROM leads ORDER BY id DESC LIMIT 1').get();
  const since = new Date(Date.now() - 600_000).toISOString().replace('T', ' ').replace('Z', '');
  const { email, phone, destination_id: dest } = lead;
  compare(app, "the lead intake's read", READ_CONTEXT_AND_VERIFICATION, [
    since,
    email,
    dest,
    email,
    dest,
    since,
    email,
    email,
    email,
    phone,
  ]);
  app.close();
}
