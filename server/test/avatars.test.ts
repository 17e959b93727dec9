import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX, RULES, ServerCode, type UserSummary } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Avatars are at most 2 MiB and 4096 px a side (ADR 011), whatever the enterprise's file quota
// (100 MB here): refused with 1005 'The file is too large', and a refused avatar stores nothing.

/** A PNG's signature and IHDR: enough for the type sniffing and the dimension check. */
function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}

/** A baseline JPEG's SOI and SOF0 (after an APP0 segment). */
function jpegHeader(width: number, height: number): Buffer {
  const b = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0x00, 0x11, 8, 0, 0, 0, 0, 3, ...new Array<number>(9).fill(0)]);
  b.writeUInt16BE(height, 25);
  b.writeUInt16BE(width, 27);
  return b;
}

describe.each(DB_KINDS)('avatars on %s', (kind) => {
  let t: TestApp;
  let memberTok: string;
  let adminTok: string;
  let memberId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const member = await loginAs(t.app, 'member3');
    memberTok = member.auth_token;
    memberId = member.id;
    adminTok = (await loginAs(t.app, 'admin')).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const fileCount = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from files where ent_id = $1', [DEMO_ENT_ID])).rows[0]!.n;
  const routes = () => [
    ['/api/me/avatar', memberTok],
    [`/api/users/${memberId}/avatar`, adminTok],
  ];

  it('refuses an avatar over 2 MiB with 1005, though the file quota would take it, and stores nothing', async () => {
    const before = await fileCount();
    for (const [url, token] of routes()) {
      for (const data of [Buffer.concat([PNG_1PX, Buffer.alloc(12 * 1024 * 1024)]), Buffer.concat([PNG_1PX, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG_1PX.length)])]) {
        const r = await uploadFile(t.app, url!, token!, data, 'big.png', 'image/png');
        expect([url, r.status, r.body.code, r.body.msg]).toEqual([url, 413, ServerCode.FileSizeQuotaExceeded, RULES.fileTooLarge]);
        expect(r.body.data).toEqual({ reason: 'rule.fileTooLarge', maxBytes: AVATAR_MAX_BYTES });
      }
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses an image wider or taller than 4096 px (read from its header) and stores nothing; takes one at the limit', async () => {
    const before = await fileCount();
    for (const [url, token] of routes()) {
      for (const data of [pngHeader(AVATAR_MAX_SIDE_PX + 1, 10), pngHeader(10, 60_000), jpegHeader(8000, 6000)]) {
        const r = await uploadFile(t.app, url!, token!, data, 'huge.png', 'image/png');
        expect([url, r.status, r.body.code, r.body.msg]).toEqual([url, 413, ServerCode.FileSizeQuotaExceeded, RULES.fileTooLarge]);
        expect(r.body.data).toEqual({ reason: 'rule.fileTooLarge', maxSidePx: AVATAR_MAX_SIDE_PX });
      }
    }
    expect(await fileCount()).toBe(before);
    for (const data of [pngHeader(AVATAR_MAX_SIDE_PX, AVATAR_MAX_SIDE_PX), jpegHeader(4032, 3024), PNG_1PX]) {
      const r = await uploadFile<UserSummary>(t.app, '/api/me/avatar', memberTok, data, 'ok.img', 'image/png');
      expect([r.status, r.body.code]).toEqual([200, 0]);
    }
    expect(await fileCount()).toBe(before + 3);
  });

  it('refuses what is not an image without storing it', async () => {
    const before = await fileCount();
    const r = await uploadFile(t.app, '/api/me/avatar', memberTok, Buffer.from('<html>not an image</html>'), 'x.png', 'image/png');
    expect([r.status, r.body.code, r.body.msg]).toEqual([400, ServerCode.ParameterError, RULES.fileTypeNotAllowed]);
    expect(await fileCount()).toBe(before);
  });
});
