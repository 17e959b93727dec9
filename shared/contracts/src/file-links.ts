import { z } from 'zod';
import { text } from './text';

// Signed file URLs (ADR 012). An <img>, <audio>, <video> or download link cannot send a header, so
// the session token used to ride in the URL as `?at=` and ended up in history, proxies and logs.
// Instead the login answer carries, per session, a public link id and a secret file key; the
// client signs each URL itself:
//   /api/files/<fileId>?l=<link id>&x=<expiry, unix seconds>&s=<signature>
//   signature = base64url(HMAC-SHA256(key = UTF-8 of the file key, message = "<fileId>.<expiry>"))
// A signature opens that one file until the expiry, for as long as the session is active. It is
// never a session token: no other endpoint accepts it, and logout or revocation ends it at once.

/** The query parameter names of a signed file URL. */
export const FILE_LINK_QUERY = { link: 'l', expiry: 'x', signature: 's' } as const;

/** URLs are signed per hour, so one file's URL stays the same for the hour (cached, no re-render). */
export const FILE_LINK_STEP_S = 3600;
/** Longest life of a signed URL: the rest of the hour it was made in, plus one hour. */
export const FILE_LINK_MAX_LIFE_S = 2 * FILE_LINK_STEP_S;

/** The expiry a URL signed at `nowMs` carries: the next hour boundary plus one hour. */
export function fileLinkExpiry(nowMs: number): number {
  return (Math.floor(nowMs / 1000 / FILE_LINK_STEP_S) + 2) * FILE_LINK_STEP_S;
}

/** When the URLs signed at `nowMs` are replaced by the next hour's (ms since the epoch). */
export function fileLinkRenewAt(nowMs: number): number {
  return (Math.floor(nowMs / 1000 / FILE_LINK_STEP_S) + 1) * FILE_LINK_STEP_S * 1000;
}

/** What is signed: the file id and the expiry, so a signature opens one file until one time. */
export function fileLinkMessage(fileId: string, expiry: number): string {
  return `${fileId}.${expiry}`;
}

const base64url = (min: number, max: number) => text().regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`));

/** The query of `GET /api/files/:id` (all three or none: the server refuses a partial set with 401). */
export const fileLinkQuerySchema = z.object({
  [FILE_LINK_QUERY.link]: base64url(1, 64).optional(),
  [FILE_LINK_QUERY.expiry]: text().regex(/^\d{1,12}$/).optional(),
  // HMAC-SHA256 is 32 bytes: 43 base64url characters without padding.
  [FILE_LINK_QUERY.signature]: base64url(43, 43).optional(),
});
