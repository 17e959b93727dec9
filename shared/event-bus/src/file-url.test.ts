import { fileAccessOf, fileSignature, signedFileUrl } from './file-url';

// The same vector as the server's check (server/test/file-links.test.ts), computed apart with
// Python's hmac: HMAC-SHA256 under the key's UTF-8 bytes of "<fileId>.<expiry>", base64url.
const VECTOR = {
  key: 'test-file-key_0123456789abcdefghijklmnopqrstu',
  fileId: 'AbCdEfGhIjKlMnOpQrStUvWx',
  expiry: 1767232800,
  signature: 'VD0CCKTaEmebND1nGg2E9puvNtpxNFBrj49KAeUwF2U',
};
const ACCESS = { link: 'Link_id-0123456789abcd', key: VECTOR.key };

describe('signed file URLs', () => {
  it('sign "<fileId>.<expiry>" with HMAC-SHA256 under the file key (known vector)', () => {
    expect(fileSignature(VECTOR.key, VECTOR.fileId, VECTOR.expiry)).toBe(VECTOR.signature);
    expect(fileSignature('', '', 0)).toBe('yzJnLUje6bK16pCjgMyK6yPvFN3sjQuqyllIyJ5roF0');
    // Non-ASCII is signed as UTF-8, as the server's Buffer.from(key, 'utf8') does.
    expect(fileSignature('ключ-钥匙-🔑', 'é', 1)).toBe('LIzIDnIrS5JOBdcaoZ93K24C1oOFYj7eS_K2amMb7KM');
  });

  it('carry the link id, the expiry (next hour boundary plus one hour) and the signature, never the token', () => {
    const url = signedFileUrl(VECTOR.fileId, ACCESS, Date.UTC(2026, 0, 1, 0, 30));
    expect(url).toBe(`/api/files/${VECTOR.fileId}?l=${ACCESS.link}&x=${VECTOR.expiry}&s=${VECTOR.signature}`);
  });

  it('stay the same all hour and change when the hour turns', () => {
    const at = (h: number, m: number, s = 0) => signedFileUrl(VECTOR.fileId, ACCESS, Date.UTC(2026, 0, 1, h, m, s));
    expect(at(0, 0)).toBe(at(0, 59, 59));
    expect(at(1, 0)).not.toBe(at(0, 59, 59));
    expect(at(1, 0)).toContain(`x=${VECTOR.expiry + 3600}`);
  });

  it('are the bare path without a link and key (refused, but no secret in it)', () => {
    expect(signedFileUrl('a b', null)).toBe('/api/files/a%20b');
    expect(fileAccessOf(null)).toBeNull();
    expect(fileAccessOf({ file_link: 'l' })).toBeNull();
    expect(fileAccessOf({ file_link: 'l', file_key: 'k' })).toEqual({ link: 'l', key: 'k' });
  });
});
