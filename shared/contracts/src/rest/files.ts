import { z } from 'zod';
import { text } from '../text';

export const fileMetaSchema = z.object({
  id: text(),
  name: text(),
  /** Sniffed from the bytes, never taken from the client. */
  mime: text(),
  size: z.number().int().nonnegative(),
  createdAt: text(),
  /** Path to download it (send the token as Bearer, or as `?at=` where a header cannot be set). */
  url: text(),
});
export type FileMeta = z.infer<typeof fileMetaSchema>;

export const fileIdPathSchema = z.object({ id: text().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** Image types accepted for avatars. */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Largest avatar the console uploads (checked before upload; the enterprise's file quota still
 *  applies on the server). An avatar is shown at most 96 px wide, so 2 MiB is plenty. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
