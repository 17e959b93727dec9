import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CLOCK_SKEW_LIMIT_MS, FILE_LINK_MAX_LIFE_S, fileLinkMessage } from '@ptt/contracts';
import type { FileAccess } from '../auth/session.repository';

// Signed file URLs (ADR 012): the client signs `<fileId>.<expiry>` with its session's file key;
// the server computes the same HMAC with the key stored on the session row.

const LINK_BYTES = 16;
const KEY_BYTES = 32;

/** A new link id (public, names the session) and file key (secret, signs), both base64url. */
export function newFileAccess(): FileAccess {
  return { link: randomBytes(LINK_BYTES).toString('base64url'), key: randomBytes(KEY_BYTES).toString('base64url') };
}

/** base64url(HMAC-SHA256(UTF-8 of key, "<fileId>.<expiry>")), without padding. */
export function fileLinkSignature(key: string, fileId: string, expiry: number): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(fileLinkMessage(fileId, expiry), 'utf8').digest('base64url');
}

/** Compared in constant time, so the answer's timing does not reveal how much of a guess was right. */
export function signatureMatches(key: string, fileId: string, expiry: number, signature: string): boolean {
  const expected = Buffer.from(fileLinkSignature(key, fileId, expiry), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Not yet expired, and no later than the longest life a client makes (two hours) plus the clock
 * difference the console tolerates before it warns ('System time error'): a URL good for a day
 * cannot be made even with the key.
 */
export function expiryAcceptable(expiry: number, nowMs: number): boolean {
  const nowS = nowMs / 1000;
  return Number.isSafeInteger(expiry) && expiry > nowS && expiry <= nowS + FILE_LINK_MAX_LIFE_S + CLOCK_SKEW_LIMIT_MS / 1000;
}
