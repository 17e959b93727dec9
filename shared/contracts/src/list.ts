import { z } from 'zod';
import { text } from './text';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 200;
export const SEARCH_MAX_LENGTH = 64;
/**
 * List totals are exact up to this many rows; beyond it the server stops counting and answers
 * `LIST_TOTAL_CAP + 1`, which a UI shows as "10,000+". Counting every match of a large enterprise
 * on every page was the cost of a list request (bench/lists.bench.mjs, ADR 006).
 */
export const LIST_TOTAL_CAP = 10_000;
/**
 * A search (`q`) counts its matches up to this many; beyond it the page says `capped` and a UI
 * shows "more than 1,000". A term that matches thousands of people narrows nothing, and counting
 * every match of a frequent name was most of a search's cost (ADR 021).
 */
export const SEARCH_TOTAL_CAP = 1_000;

// Query strings arrive as text: numbers are coerced, an empty value means "not given".
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const pageParam = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1));
export const sizeParam = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
);
export const orderParam = z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('asc'));
export const searchParam = z.preprocess(blankToUndefined, text().trim().max(SEARCH_MAX_LENGTH).optional());
export const boolParam = z.preprocess(
  blankToUndefined,
  z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
);
/** Every `intParam` is a time in ms since the epoch (from, to, createdAfter): years 1 to 9999, which
 *  both JavaScript dates and PostgreSQL's to_timestamp hold (past them the query failed with 500). */
export const TIME_PARAM_MIN_MS = -62_135_596_800_000;
export const TIME_PARAM_MAX_MS = 253_402_300_799_999;
export const intParam = z.preprocess(blankToUndefined, z.coerce.number().int().min(TIME_PARAM_MIN_MS).max(TIME_PARAM_MAX_MS).optional());
export const idParam = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional());

/**
 * `?page&size&sort&order&q`: page is 1-based; `sort` is one of the list's own columns; `q` searches
 * the list's text columns (case-insensitive, contains).
 */
export function listQuerySchema<S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number]) {
  return z.object({
    page: pageParam,
    size: sizeParam,
    sort: z.preprocess(blankToUndefined, z.enum(sortable).default(defaultSort as never)),
    order: orderParam,
    q: searchParam,
  });
}

/** Path parameter `:id`. */
export const idPathSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
