// Shared setup for the spreadsheet suites (user-sheets.test.ts, channel-sheets.test.ts):
// workbook builders and readers, and upload/download/lookup helpers bound to a suite's app.
import ExcelJS from 'exceljs';
import { XLSX_MIME, sheetImportResultSchema, type SheetImportResult } from '@ptt/contracts';
import { cellText } from '../src/spreadsheets/xlsx-read';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { loginAs, type Envelope, type TestApp } from './test-app';

export type Cell = ExcelJS.CellValue;

/** An xlsx built the way a user's spreadsheet program would: one sheet, header row first. */
export async function xlsx(rows: readonly (readonly Cell[])[], sheetName = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function readBook(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  return wb;
}

/** Every row of a sheet as text, header first. */
export function sheetText(ws: ExcelJS.Worksheet): string[][] {
  const out: string[][] = [];
  ws.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    out.push(cells);
  });
  return out;
}

/** One stored (uncompressed) entry: a zip that is not an xlsx. */
export function storedZip(name: string, content: string): Buffer {
  const n = Buffer.from(name);
  const data = Buffer.from(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}

/** A seeded account's auth token. */
export async function tokenFor(t: TestApp, account: string): Promise<string> {
  return (await loginAs(t.app, account)).auth_token;
}

export const errorRows = (r: SheetImportResult) => r.errors.map((e) => [e.row, e.field, e.message]);

/** Helpers bound to a suite's app, which beforeAll creates (hence the getter). */
export function sheetHelpers(app: () => TestApp) {
  async function upload(url: string, token: string, file: Buffer, name = 'import.xlsx'): Promise<{ status: number; body: Envelope<SheetImportResult> }> {
    const boundary = 'ptt-sheet-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${XLSX_MIME}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app().app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    const body = res.json<Envelope<SheetImportResult>>();
    if (res.statusCode === 200) sheetImportResultSchema.parse(body.data);
    return { status: res.statusCode, body };
  }

  async function download(url: string, token: string) {
    const res = await app().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['cache-control']).toBe('no-store');
    return { buf: res.rawPayload, disposition: String(res.headers['content-disposition']) };
  }

  async function userId(account: string): Promise<number> {
    const r = await app().db.query<{ id: number }>('select id from users where ent_id = $1 and lower(account) = lower($2)', [DEMO_ENT_ID, account]);
    return r.rows[0]!.id;
  }

  async function channelId(name: string): Promise<number> {
    const r = await app().db.query<{ id: number }>('select id from channels where ent_id = $1 and name = $2', [DEMO_ENT_ID, name]);
    return r.rows[0]!.id;
  }

  async function member(channel: string, account: string) {
    const r = await app().db.query<{ level: number; remark: string | null }>(
      'select level, remark from channel_members where channel_id = $1 and user_id = $2',
      [await channelId(channel), await userId(account)],
    );
    return r.rows[0] ?? null;
  }

  return { upload, download, userId, channelId, member };
}
