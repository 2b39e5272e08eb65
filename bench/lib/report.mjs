// Writes bench/results/*.json and the measured part of BENCHMARKS.md from one run (its findings are
// kept by hand, in dated sections outside that part).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './app-process.mjs';
import { lighthouseSection } from './lighthouse-report.mjs';

const mark = (pass) => (pass === true ? 'pass' : pass === false ? '**MISS**' : '—');
const cell = (s) => String(s).replaceAll('|', '\\|');

function table(rows) {
  const lines = ['| measure | target | measured | result |', '|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${cell(r.id)} | ${cell(r.target)} | ${cell(r.measured)} | ${mark(r.pass)} |`);
  return lines.join('\n');
}

export function writeJson(results, file) {
  writeFileSync(join(ROOT, file), `${JSON.stringify(results, null, 2)}\n`);
}

/** Which Node ran the measured servers (runtime.mjs), beside the one that ran the load. */
function serversNode(machine) {
  if (!machine.serverNode) return `Node ${machine.node}.`;
  const which = machine.serverNodeIsImage
    ? ", the production image's runtime"
    : " (not the image's Node 24: none was found)";
  return `The app and the bare ceiling servers ran on Node ${machine.serverNode}${which}; the load generator on Node ${machine.node}.`;
}

/** The markers around the part of BENCHMARKS.md that a run writes; everything outside them is kept by hand. */
const BEGIN = '<!-- bench report: begin (written by bench/lib/report.mjs from bench/results/latest.json) -->';
const END = '<!-- bench report: end -->';

/** The run's measured figures as markdown: machine, settings, one table per database, front end, Lighthouse. */
export function reportSection(results) {
  const { machine } = results;
  const time = (iso) => iso.slice(11, 16);
  const d = results.durations;
  const sections = results.runs.map((run) => {
    const misses = run.rows.filter((r) => r.pass === false);
    return [
      `## ${run.dialect === 'sqlite' ? 'SQLite (embedded default)' : `MySQL/MariaDB (${run.serverVersion ?? 'server'})`}`,
      '',
      table(run.rows),
      '',
      misses.length ? `Missed: ${misses.map((r) => r.id).join('; ')}.` : 'Every target with a figure was met.',
    ].join('\n');
  });
  return `Measured by \`npm run bench\` (bench/run.mjs) on ${results.finishedAt.slice(0, 10)}, ${time(results.startedAt)}–${time(results.finishedAt)} UTC;
raw figures in [bench/results/latest.json](bench/results/latest.json).

**Machine:** ${machine.cpus} × ${machine.cpuModel}, ${machine.memGiB} GiB RAM, ${machine.os}. ${serversNode(machine)}
Load average when the run started: ${machine.loadStart.join(' / ')}; when it finished: ${machine.loadEnd.join(' / ')}. Commit ${machine.commit}.

**Settings:** catalogue rounds ${d.main} s after a ${d.warmup} s warm-up; ${results.leadCount.toLocaleString('en-US')} visitors per lead and code burst (${results.bursts} lead bursts, ${results.codeBursts} code bursts after the first);
admin paging ${d.paging} requests on ${results.leadTotal.toLocaleString('en-US')} leads; ${results.boots} boots for the cold start.

${sections.join('\n\n')}
${results.frontEnd?.rows.length ? `\n## Front end\n\n${table(results.frontEnd.rows)}\n` : ''}${lighthouseSection(results.lighthouse)}`;
}

/**
 * Writes the run's figures between the markers of BENCHMARKS.md (or `file`), leaving the hand-kept
 * text around them as it is; a file without the markers is refused rather than overwritten.
 */
export function writeMarkdown(results, file = join(ROOT, 'BENCHMARKS.md')) {
  const generated = `${BEGIN}\n\n${reportSection(results).trimEnd()}\n\n${END}`;
  if (!existsSync(file)) {
    writeFileSync(file, `# Benchmarks\n\n${generated}\n`);
    return;
  }
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`${file} has no "${BEGIN}" … "${END}" markers: the report writes only between them.`);
  writeFileSync(file, text.slice(0, start) + generated + text.slice(end + END.length));
}
