import { z } from 'zod';

/** Every REST answer: `{ code, msg, data }`, code 0 = success, otherwise a server code. */
export function envelopeSchema<T extends z.ZodType>(dataSchema: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: dataSchema });
}
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
/** The envelope with its data left unchecked, for reading the code before knowing the shape. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());

/** Paged list answer for `?page&size` queries. */
export function pageSchema<T extends z.ZodType>(itemSchema: T) {
  return z.object({ items: z.array(itemSchema), total: z.number().int().nonnegative() });
}
export interface Page<T> {
  items: T[];
  total: number;
}

/** i18n keys of failures the client detects itself (no server code exists for them). */
export const CLIENT_ERROR_KEYS = {
  networkError: 'client.networkError',
} as const;
/** Code carried by an ApiError when the request never got an answer. */
export const NETWORK_ERROR_CODE = -1;
