#!/usr/bin/env node
// Known vulnerabilities in the production dependencies (issue 25): `pnpm audit --prod` against the
// registry's advisory service. Prints every high or critical advisory with the paths that bring
// it in, then the counts by severity.
// Exit: 0 none high or critical; 1 some; 2 the advisory service could not be asked (offline, or
// the registry refused the audit request), so nothing is known either way.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { pnpmCommand, ROOT } from './pnpm.mjs';

const BLOCKING = new Set(['high', 'critical']);

/** The audit's JSON answer, or an error message when there is none. */
function runAudit() {
  const { cmd, args } = pnpmCommand();
  const r = spawnSync(cmd, [...args, 'audit', '--prod', '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    const report = JSON.parse(r.stdout);
    if (report.error) return { error: `${report.error.code}: ${report.error.message}` };
    return { report };
  } catch {
    return { error: (r.stderr || r.stdout || `pnpm audit exited with ${r.status}`).trim() };
  }
}

/** Lines for the blocking advisories and the summary; `blocking` is how many there are. */
export function summarize(report) {
  const lines = [];
  const advisories = Object.values(report.advisories ?? {}).filter((a) => BLOCKING.has(a.severity));
  for (const a of advisories) {
    const paths = (a.findings ?? []).flatMap((f) => f.paths ?? []).slice(0, 5);
    lines.push(`${a.severity.toUpperCase()} ${a.module_name} ${a.vulnerable_versions}: ${a.title}`);
    lines.push(`  fixed in ${a.patched_versions}; ${a.url}`);
    for (const p of paths) lines.push(`  via ${p}`);
  }
  const v = report.metadata?.vulnerabilities ?? {};
  const counts = ['critical', 'high', 'moderate', 'low', 'info'].map((s) => `${v[s] ?? 0} ${s}`).join(', ');
  lines.push(`pnpm audit --prod: ${counts} (${report.metadata?.dependencies ?? '?'} production dependencies)`);
  return { lines, blocking: advisories.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = Date.now();
  const { report, error } = runAudit();
  if (error) {
    console.error(`audit: the advisory service could not be asked, so nothing is known: ${error}`);
    process.exit(2);
  }
  const { lines, blocking } = summarize(report);
  for (const line of lines) console.log(line);
  console.log(`audit: ${blocking === 0 ? 'no high or critical advisory' : `${blocking} high or critical advisories`} (${Date.now() - started} ms)`);
  process.exit(blocking === 0 ? 0 : 1);
}
