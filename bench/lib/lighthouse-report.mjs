// The Lighthouse part of BENCHMARKS.md.
const cell = (s) => String(s).replaceAll('|', '\\|');
const mark = (ok) => (ok ? 'pass' : '**MISS**');

export function lighthouseSection(lh) {
  if (!lh) return '';
  if (lh.failed) return `\n## Lighthouse (public pages)\n\nThe run failed: ${cell(lh.failed)}\n`;
  const t = lh.targets;
  const lines = [
    '',
    '## Lighthouse (public pages, mobile)',
    '',
    `Lighthouse ${lh.lighthouseVersion} with ${lh.chromium}, its default mobile settings (simulated slow 4G,`,
    `4× CPU slowdown), ${lh.runsPerPage} runs per page, the median run shown; measured ${lh.measuredAt.slice(0, 16).replace('T', ' ')} UTC`,
    `against the built app (NODE_ENV=production, SQLite, demo catalogue). Load average ${lh.loadStart.join(' / ')} at the`,
    `start and ${lh.loadEnd.join(' / ')} at the end on this 2-core machine, which other builds share: the simulated`,
    'timings are computed from a trace taken on it, so a busy machine lengthens them.',
    '',
    `Targets: performance ≥ ${t.performance}, accessibility ${t.accessibility}, best practices ≥ ${t['best-practices']}, SEO ${t.seo}, LCP ≤ ${(t.lcpMs / 1000).toFixed(1)} s, CLS ≤ ${t.cls}.`,
    '',
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | result |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const p of lh.pages) {
    const s = p.scores;
    lines.push(
      `| ${cell(p.page)} (\`${cell(new URL(p.url).pathname)}\`) | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${(p.lcpMs / 1000).toFixed(2)} s | ${p.tbtMs} ms | ${p.cls} | ${p.misses.length ? `**MISS** (${p.misses.join(', ')})` : mark(true)} |`,
    );
  }
  lines.push(
    '',
    'Performance and LCP of each of the runs: ' +
      lh.pages
        .map((p) => `${p.page} ${p.runs.map((r) => `${r.performance}/${(r.lcpMs / 1000).toFixed(2)} s`).join(', ')}`)
        .join('; ') +
      '.',
  );
  const missed = lh.pages.filter((p) => p.misses.length);
  if (missed.length) {
    lines.push('', 'What cost the points, as Lighthouse reports it (median run):', '');
    for (const p of missed) {
      const causes = Object.entries(p.losses)
        .filter(([, audits]) => audits.length)
        .map(([category, audits]) => `${category}: ${audits.slice(0, 6).join(', ')}`);
      lines.push(
        `- **${p.page}**: ${causes.join('; ') || 'no single audit failed'}${p.lcpElement ? `; LCP element \`${cell(p.lcpElement.slice(0, 120))}\`` : ''}.`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
