import { z } from 'zod';

// Every string a client sends passes one check before its own rules: no NUL (PostgreSQL stores it
// in neither text nor jsonb, so it used to end as a 500) and no lone UTF-16 surrogate (not Unicode:
// it has no UTF-8 form, so a driver fails on it or silently turns it into U+FFFD). Tab, newlines and
// every well-formed character stay allowed; fields refuse more with their own rules.
// eslint-disable-next-line no-control-regex
const NOT_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(s: string): boolean {
  return !NOT_STORABLE.test(s);
}

/** For text kept as sent but never refused (a user agent, an upload's file name): unstorable
 *  characters become U+FFFD. Apply it after any slicing, which can split a surrogate pair. */
export function toStorableText(s: string): string {
  return s.replace(new RegExp(NOT_STORABLE.source, 'g'), '\uFFFD');
}

/** Every key and string inside a JSON value is storable text (for free-form objects stored as jsonb). */
export function isStorableJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((v) => isStorableJson(v, depth + 1));
  return Object.entries(value).every(([k, v]) => isStorableText(k) && isStorableJson(v, depth + 1));
}

/** The shared check (one instance: tests find it in every string schema of the route table). */
export const storableText = z.refine<string>(isStorableText, { error: 'validation.textInvalid', abort: true });
export const storableJson = z.refine<unknown>((v) => isStorableJson(v), { error: 'validation.textInvalid', abort: true });

/**
 * The string schema of contracts: `z.string(params)` with the storable-text check first, so a bad
 * character is reported as 'validation.textInvalid' on the field before any other rule. Contracts
 * use it for every string (a test refuses a bare `z.string(`).
 */
export function text(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).check(storableText);
}
