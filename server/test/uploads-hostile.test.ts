import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isServerCode } from '@ptt/contracts';
import { ACTIVE_TYPE } from '../src/files/file-store';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { createTestApp, loginAs, PNG_1PX, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Hostile uploads on every upload route: an SVG carrying a script (with and without an XML
// prolog, claimed as image/svg+xml), broken multipart (truncated, two files, the wrong field, no
// file), an empty file, a 1 KB name, names with ../, %2f, \ and NUL, and a file past the limit.
// Every answer is a 4xx with a known code, or a stored file that is safe: never served as SVG,
// HTML or script, downloaded as an attachment unless it is a plain image, audio or video, named
// without a path, and written inside the files folder only.

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>';
const SVG_PROLOG = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg>\n${SVG}`;
const BOUNDARY = 'hostile-boundary';

interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipart(parts: Part[], truncate = false): Buffer {
  const chunks = parts.map((p) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n` +
          (p.type ? `Content-Type: ${p.type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    ]),
  );
  const whole = Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  return truncate ? whole.subarray(0, Math.floor(whole.length * 0.6)) : whole;
}

interface UploadRoute {
  url: string;
  /** Text fields the route reads before the file (packages). */
  fields?: () => Part[];
}

let version = 0;
const ROUTES: UploadRoute[] = [
  { url: '/api/files' },
  { url: '/api/me/avatar' },
  { url: '/api/users/:id/avatar' },
  { url: '/api/packages', fields: () => [{ field: 'platform', data: 'android' }, { field: 'version', data: `1.0.${++version}` }, { field: 'notes', data: 'n' }] },
  { url: '/api/users/import' },
  { url: '/api/channels/assignments/import' },
  { url: '/api/channels/assignments/check' },
];

interface Case {
  name: string;
  parts: Part[];
  truncate?: boolean;
}

const file = (filename: string, data: Buffer | string, type = 'application/octet-stream'): Part => ({ field: 'file', filename, type, data });

const CASES: Case[] = [
  { name: 'SVG with a script, claimed image/svg+xml', parts: [file('logo.svg', SVG, 'image/svg+xml')] },
  { name: 'SVG with an XML prolog', parts: [file('logo.svg', SVG_PROLOG, 'image/svg+xml')] },
  { name: 'SVG named and claimed a PNG', parts: [file('photo.png', SVG_PROLOG, 'image/png')] },
  { name: 'HTML claimed text/html', parts: [file('page.html', '<html><script>alert(1)</script></html>', 'text/html')] },
  { name: 'truncated multipart', parts: [file('a.png', PNG_1PX, 'image/png')], truncate: true },
  { name: 'two files', parts: [file('a.png', PNG_1PX, 'image/png'), file('b.png', PNG_1PX, 'image/png')] },
  { name: 'the wrong field name', parts: [{ field: 'upload', filename: 'a.png', type: 'image/png', data: PNG_1PX }] },
  { name: 'no file, only a field', parts: [{ field: 'file', data: 'just text' }] },
  { name: 'a zero-byte file', parts: [file('empty.png', Buffer.alloc(0), 'image/png')] },
  { name: 'a 1 KB name', parts: [file(`${'n'.repeat(1024)}.png`, PNG_1PX, 'image/png')] },
  { name: 'a name with ../', parts: [file('../../../../etc/passwd', PNG_1PX)] },
  { name: 'a name with %2f', parts: [file('..%2f..%2fetc%2fpasswd', PNG_1PX)] },
  { name: 'a name with backslashes', parts: [file('..\\..\\windows\\win.ini', PNG_1PX)] },
  { name: 'a name with NUL', parts: [file('a.png\u0000.html', PNG_1PX, 'image/png')] },
  { name: 'a name that is only dots', parts: [file('..', PNG_1PX)] },
  { name: 'a name with quotes and CRLF', parts: [file('a";\r\nX-Evil: 1.png', PNG_1PX)] },
  { name: 'past the size limit', parts: [file('big.bin', Buffer.alloc(3 * 1024 * 1024, 7))] },
];

/** Content types a browser would run or render as a document. */
const ACTIVE = ACTIVE_TYPE;
const INLINE = /^(image\/(png|jpeg|gif|webp|bmp)|audio\/|video\/)/;

describe.each(DB_KINDS)('hostile uploads on %s', (kind) => {
  let t: TestApp;
  let token = '';
  let memberId = 0;
  let filesDir = '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await loginAs(t.app, 'superadmin')).auth_token;
    memberId = (await t.db.query<{ id: number }>('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member2'])).rows[0]!.id;
    // A small quota, so "past the size limit" is past it on every route without sending gigabytes.
    await t.db.query('update enterprises set max_file_bytes = $2 where id = $1', [DEMO_ENT_ID, 1024 * 1024]);
    filesDir = path.join(path.dirname(t.staticDir), 'files');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function expectSafeDownload(fileId: string, what: string): Promise<void> {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { authorization: `Bearer ${token}` } });
    expect({ what, status: res.statusCode }).toEqual({ what, status: 200 });
    const type = String(res.headers['content-type']);
    const disposition = String(res.headers['content-disposition']);
    expect({ what, type, active: ACTIVE.test(type) }).toEqual({ what, type, active: false });
    if (!INLINE.test(type)) expect({ what, disposition: disposition.split(';')[0] }).toEqual({ what, disposition: 'attachment' });
    expect({ what, nosniff: res.headers['x-content-type-options'] }).toEqual({ what, nosniff: 'nosniff' });
    // One header line: no CR or LF from the name, and the plain filename has no path.
    expect({ what, crlf: /[\r\n]/.test(disposition) }).toEqual({ what, crlf: false });
    const plain = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
    expect({ what, plain: /[\\/]|^\.\.?$/.test(plain) }).toEqual({ what, plain: false });
  }

  it.each(ROUTES.map((r) => [r.url, r] as const))('%s refuses or safely stores every hostile upload', async (_url, route) => {
    const url = route.url.replace(':id', String(memberId));
    for (const c of CASES) {
      const body = multipart([...(route.fields?.() ?? []), ...c.parts], c.truncate);
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: body,
      });
      const what = `${url}: ${c.name}`;
      expect({ what, status: res.statusCode < 500 ? 'below 500' : res.statusCode, body: res.statusCode < 500 ? '' : res.body }).toEqual({ what, status: 'below 500', body: '' });
      const env = res.json<{ code: number; data: Record<string, unknown> | null }>();
      expect({ what, known: isServerCode(env.code) }).toEqual({ what, known: true });
      if (env.code !== 0) {
        expect({ what, status: res.statusCode >= 400 }).toEqual({ what, status: true });
        continue;
      }
      // Stored: the file it became must be safe to open.
      const data = env.data ?? {};
      const fileId = typeof data.fileId === 'string' ? data.fileId : typeof data.id === 'string' ? data.id : typeof data.avatarFileId === 'string' ? data.avatarFileId : null;
      const name = typeof data.fileName === 'string' ? data.fileName : typeof data.name === 'string' ? data.name : null;
      if (name !== null) expect({ what, name: /[\\/]|^\.\.?$/.test(name) || name.includes('\u0000') }).toEqual({ what, name: false });
      if (typeof data.mime === 'string') expect({ what, mime: ACTIVE.test(data.mime) }).toEqual({ what, mime: false });
      if (fileId) await expectSafeDownload(fileId, what);
      // SVG is no avatar: only png, jpeg, gif and webp are.
      if (url.endsWith('/avatar')) expect({ what, svg: /svg|html/i.test(c.name) }).toEqual({ what, svg: false });
    }
    // Nothing was written outside the files folder: its parent holds only what the app made.
    expect(readdirSync(path.dirname(filesDir)).sort()).toEqual(expect.arrayContaining(['files']));
    expect(readdirSync(path.dirname(filesDir)).filter((n) => !['files', 'host-dist', 'remotes'].includes(n))).toEqual([]);
  });
});
