// Channel assignment by Excel at its row limit (issue 17, acceptance 4): 10,000 byChannel rows,
// dry run (POST /api/channels/assignments/check), apply (POST /api/channels/assignments/import)
// and the dry run again (every row unchanged), on the built server with PGlite. Times are the
// whole request as the wizard sees it (upload, parse, check, answer); memory is the server
// process's resident set: before, and its peak (VmHWM) after each step.
//
//   node bench/assign.bench.mjs          (ASSIGN_ROWS=n for another size, at most 10,000)
//
// Human-readable lines go to stderr; stdout is one JSON object.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, ensureServerBuilt, login, startServer } from './lib.mjs';

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const ExcelJS = serverRequire('exceljs');
const ENT = 100001;
const ROWS = Math.min(10_000, Number(process.env.ASSIGN_ROWS ?? 10_000));
const CHANNELS = 4;
const log = (...a) => console.error('[assign]', ...a);

// Users assign000001.. with the demo admin's hash, and channels `Assign 1..4` with nobody on them.
const LOAD_SQL = `
update enterprises set max_members = 200000, max_channels = 1000 where id = ${ENT};
insert into users (ent_id, account, nickname, password_hash, role)
select ${ENT}, 'assign' || lpad(i::text, 6, '0'), 'Assign ' || i, h.password_hash, 0
  from generate_series(1, ${ROWS}) i, (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
insert into channels (ent_id, name) select ${ENT}, 'Assign ' || c from generate_series(1, ${CHANNELS}) c;
`;

function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

async function workbook() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Assignments');
  ws.addRow(['channel', 'account', 'level', 'remark']);
  for (let i = 1; i <= ROWS; i++) ws.addRow([`Assign ${1 + (i % CHANNELS)}`, `assign${String(i).padStart(6, '0')}`, i % 10, `row ${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function post(base, token, url, file) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'assign-10k.xlsx');
  const t0 = performance.now();
  const res = await fetch(`${base}${url}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  const ms = Math.round(performance.now() - t0);
  if (body.code !== 0) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
  const { rows, ...counts } = body.data;
  return { ms, counts: { ...counts, errors: counts.errors.length }, rows: rows?.length };
}

async function main() {
  ensureServerBuilt(log);
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-assign-'));
  try {
    log('PGlite: creating, migrating and seeding through the server ...');
    const first = await startServer({ dataDir });
    await first.close();
    const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
    await db.exec(`begin; ${LOAD_SQL}; commit;`);
    await db.close();
    const file = await workbook();
    log(`${ROWS} rows, xlsx ${Math.round(file.length / 1024)} KB`);

    const server = await startServer({ dataDir });
    try {
      const { auth_token: token } = await login(server.base, 'admin');
      const idle = memory(server.pid);
      const url = (kind) => `/api/channels/assignments/${kind}?layout=byChannel`;
      const dryRun = { ...(await post(server.base, token, url('check'), file)), memory: memory(server.pid) };
      log('dry run', dryRun);
      const apply = { ...(await post(server.base, token, url('import'), file)), memory: memory(server.pid) };
      log('apply', apply);
      const again = { ...(await post(server.base, token, url('check'), file)), memory: memory(server.pid) };
      log('dry run after apply', again);
      console.log(JSON.stringify({ db: 'pglite', rows: ROWS, fileKb: Math.round(file.length / 1024), idle, dryRun, apply, dryRunAfterApply: again }));
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
