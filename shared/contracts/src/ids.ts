import { z } from 'zod';

/** Every id (enterprise, user, channel, device) is a positive integer that fits the database's
 *  `integer` columns (a larger one made the query fail with 500). */
export const idSchema = z.number().int().positive().max(2_147_483_647);
export type Id = z.infer<typeof idSchema>;

const ID_TEXT = /^[1-9][0-9]*$/;

/** Parses the decimal text of an id as it appears in topics and chat ids; null when it is not one. */
export function parseIdText(text: string | undefined): number | null {
  if (text === undefined || !ID_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}
