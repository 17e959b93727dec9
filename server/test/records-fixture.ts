import http from 'node:http';
import ExcelJS from 'exceljs';
import type { Db } from '../src/db/db';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';

// Records for the export tests, written straight into the tables (set-based, like the bench):
// timestamps that tie exactly and differ by a microsecond, texts that would start formulas, quotes,
// commas, line breaks and Chinese, nulls where the columns allow them.

/** Device texts the records cycle through (by (g + g / 4) % length, so every user gets each). */
export const DEVICES = [
  'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
  'Android 14; Radio R7',
  '=HYPERLINK("http://evil.example","click")',
  '+1-555-0100',
  '-2+3',
  '@SUM(A1:A2)',
  '对讲机 甲1',
  'quote " comma , line\nbreak',
];

const deviceCase = (g: string) => `(array[${DEVICES.map((d) => `'${d.replace(/'/g, "''")}'`).join(',')}])[1 + (${g} + ${g} / 4) % ${DEVICES.length}]`;

/** Start of the generated records' times. */
export const BASE_MS = Date.parse('2026-03-01T00:00:00Z');

/** Users of the demo enterprise by account. */
export async function userIds(db: Db, accounts: readonly string[], entId = DEMO_ENT_ID): Promise<Record<string, number>> {
  const r = await db.query<{ id: number; account: string }>('select id, account from users where ent_id = $1 and account = any($2::text[])', [entId, `{${accounts.join(',')}}`]);
  return Object.fromEntries(r.rows.map((u) => [u.account, u.id]));
}

/**
 * `n` operation records of the demo enterprise spread over `accounts`: three per minute from
 * BASE_MS, two of them at the same instant and the third a microsecond later; every 97th has no
 * user or account (records older than the account column).
 */
export async function addOperations(db: Db, n: number, accounts: readonly string[], { fat = false } = {}): Promise<void> {
  // fat: a device text of about 1 KB that compresses badly (30 different md5s), so a few thousand
  // rows fill the socket's and the zip's buffers (the backpressure tests).
  const device = fat ? `(select string_agg(md5((g * 31 + k)::text), '') from generate_series(1, 30) k)` : deviceCase('g');
  await db.query(
    `insert into operation_logs (ent_id, user_id, account, type, device, ip, created_at, detail)
     select $1, case when g % 97 = 0 then null else u.id end, case when g % 97 = 0 then null else u.account end,
       g % 56, ${device}, '10.1.' || (g % 250) || '.' || (g % 7),
       to_timestamp($2::double precision / 1000) + (g / 3) * interval '1 minute' + (case when g % 3 = 2 then 1 else 0 end) * interval '1 microsecond',
       '{}'::jsonb
       from generate_series(1, $3::int) g
       join lateral (select id, account from users where ent_id = $1 and account = ($4::text[])[1 + g % $5]) u on true`,
    [DEMO_ENT_ID, BASE_MS, n, `{${accounts.join(',')}}`, accounts.length],
  );
}

/** Login records: `n` for the demo enterprise over `accounts`, some abnormal, some without a position. */
export async function addLogins(db: Db, n: number, accounts: readonly string[]): Promise<void> {
  await db.query(
    `insert into login_records (ent_id, user_id, device, ip, platform, lng, lat, abnormal, created_at)
     select $1, u.id, ${deviceCase('g')}, '10.2.0.' || g, (array['web','android','ios'])[1 + g % 3],
       case when g % 5 = 0 then null else -73.9 + g * 0.001 end, case when g % 5 = 0 then null else 40.7 end,
       g % 4 = 0, to_timestamp($2::double precision / 1000) + (g / 2) * interval '1 hour'
       from generate_series(1, $3::int) g
       join lateral (select id from users where ent_id = $1 and account = ($4::text[])[1 + g % $5]) u on true`,
    [DEMO_ENT_ID, BASE_MS, n, `{${accounts.join(',')}}`, accounts.length],
  );
}

/** SOS records: closed ones (by `closer`) and, for the first `open` users, one still open. */
export async function addSos(db: Db, n: number, accounts: readonly string[], closer: number): Promise<void> {
  await db.query(
    `insert into sos_records (ent_id, user_id, dispatcher_id, lng, lat, device, ip, started_at, closed_at)
     select $1, u.id, $6, 116.4 + g * 0.01, 39.9, ${deviceCase('g')}, '10.3.0.' || g,
       to_timestamp($2::double precision / 1000) + (g / 2) * interval '1 day',
       to_timestamp($2::double precision / 1000) + (g / 2) * interval '1 day' + g * interval '17 seconds'
       from generate_series(1, $3::int) g
       join lateral (select id from users where ent_id = $1 and account = ($4::text[])[1 + g % $5]) u on true`,
    [DEMO_ENT_ID, BASE_MS, n, `{${accounts.join(',')}}`, accounts.length, closer],
  );
  // One open SOS per user at most (sos_records_open_uq): the first account's.
  await db.query(
    `insert into sos_records (ent_id, user_id, lng, lat, device, ip, started_at)
     select $1, id, null, null, 'Android 14; Radio R7', null, to_timestamp($2::double precision / 1000) + interval '3 days'
       from users where ent_id = $1 and account = $3`,
    [DEMO_ENT_ID, BASE_MS, accounts[0]!],
  );
}

/** A fence and `n` cross-border alerts over `accounts`, leave and stay alternating. */
export async function addAlerts(db: Db, n: number, accounts: readonly string[], dispatcher: number): Promise<number> {
  const fence = await db.query<{ id: number }>(
    `insert into fences (ent_id, name, rule, shape) values ($1, '=Gate, "North"', 'leave', '{"type":"circle","center":{"lng":116.4,"lat":39.9},"radius":300}') returning id`,
    [DEMO_ENT_ID],
  );
  const id = fence.rows[0]!.id;
  await db.query(
    `insert into fence_alerts (ent_id, user_id, dispatcher_id, fence_id, fence_name, type, lng, lat, ip, alerted_at)
     select $1, u.id, case when g % 3 = 0 then null else $6::int end, $7, case when g % 2 = 0 then '=Gate, "North"' else '北门' end,
       case when g % 2 = 0 then 'leave' else 'stay' end, -0.5 + g * 0.01, 51.5, case when g % 4 = 0 then null else '10.4.0.' || g end,
       to_timestamp($2::double precision / 1000) + (g / 2) * interval '5 minutes'
       from generate_series(1, $3::int) g
       join lateral (select id from users where ent_id = $1 and account = ($4::text[])[1 + g % $5]) u on true`,
    [DEMO_ENT_ID, BASE_MS, n, `{${accounts.join(',')}}`, accounts.length, dispatcher, id],
  );
  return id;
}

/** A record of the second enterprise of each kind, which no export of the demo one may show. */
export async function addOtherEnterprise(db: Db): Promise<void> {
  const guard = (await userIds(db, ['guard1'], SECOND_ENT_ID)).guard1!;
  await db.query(`insert into operation_logs (ent_id, user_id, account, type, device) values ($1, $2, 'guard1', 3, 'other-ent')`, [SECOND_ENT_ID, guard]);
  await db.query(`insert into login_records (ent_id, user_id, device) values ($1, $2, 'other-ent')`, [SECOND_ENT_ID, guard]);
  await db.query(`insert into sos_records (ent_id, user_id, device, closed_at) values ($1, $2, 'other-ent', now())`, [SECOND_ENT_ID, guard]);
}

// ---------------------------------------------------------------------------------------------
// Reading the files back.

export type CellValue = string | number | boolean | null;

/** RFC 4180 with the BOM: every field as text. */
export function parseCsv(body: Buffer): string[][] {
  let text = body.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('no byte order mark');
  text = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the last line does not end in CRLF');
  return rows;
}

/** The first sheet's rows, each cell as exceljs reads it (empty cells null). */
export async function parseXlsx(body: Buffer): Promise<CellValue[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const width = sheet.columnCount;
  const rows: CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: CellValue[] = [];
    for (let c = 1; c <= width; c += 1) {
      const v = row.getCell(c).value;
      cells.push(v === undefined || v === null ? null : (v as CellValue));
    }
    rows.push(cells);
  });
  return rows;
}

export interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a real socket (streamed answers), the whole body. */
export function download(baseUrl: string, url: string, token: string | null, headers: Record<string, string> = {}): Promise<Download> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${url}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
