import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { FILE_LINK_QUERY, fileLinkExpiry, fileLinkMessage, type Session } from '@ptt/contracts';

// Signed file URLs (ADR 012): <img>, <audio>, <video> and download links cannot send the Bearer
// header, and the session token must not ride in a URL (history, proxies, logs). The login answer
// carries a link id and a file key; every file URL of the console is signed here with them.
// @noble/hashes rather than WebCrypto: crypto.subtle exists only in secure contexts, and consoles
// and wall displays run on plain-http LAN addresses. It is synchronous too, so a URL is ready at
// render time.

/** What a session signs file URLs with. */
export interface FileAccess {
  link: string;
  key: string;
}

/** The session's link id and key, or null for none (logged out, or stored before they existed). */
export function fileAccessOf(session: Pick<Session, 'file_link' | 'file_key'> | null | undefined): FileAccess | null {
  return session?.file_link && session.file_key ? { link: session.file_link, key: session.file_key } : null;
}

/** UTF-8 bytes (TextEncoder is missing from some test environments; ids and keys are ASCII anyway). */
function utf8(s: string): Uint8Array {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url(HMAC-SHA256(UTF-8 of the key, "<fileId>.<expiry>")), without padding. */
export function fileSignature(key: string, fileId: string, expiry: number): string {
  return base64url(hmac(sha256, utf8(key), utf8(fileLinkMessage(fileId, expiry))));
}

/**
 * Where the file is served, signed for this hour and the next (the same URL all hour, so the
 * browser's cache holds and lists do not re-render). Without access the bare path, which the
 * server refuses (401) but which carries no secret.
 */
export function signedFileUrl(fileId: string, access: FileAccess | null, nowMs: number = Date.now()): string {
  const path = `/api/files/${encodeURIComponent(fileId)}`;
  if (!access) return path;
  const expiry = fileLinkExpiry(nowMs);
  const q = new URLSearchParams({
    [FILE_LINK_QUERY.link]: access.link,
    [FILE_LINK_QUERY.expiry]: String(expiry),
    [FILE_LINK_QUERY.signature]: fileSignature(access.key, fileId, expiry),
  });
  return `${path}?${q.toString()}`;
}
