import { z } from 'zod';
import { text } from '../text';

export const fileMetaSchema = z.object({
  id: text(),
  name: text(),
  /** Sniffed from the bytes, never taken from the client. */
  mime: text(),
  size: z.number().int().nonnegative(),
  createdAt: text(),
  /** Path to download it (with the token as Bearer, or signed where a header cannot be set: ADR 012). */
  url: text(),
});
export type FileMeta = z.infer<typeof fileMetaSchema>;

export const fileIdPathSchema = z.object({ id: text().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** Image types accepted for avatars. */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Largest avatar: the server refuses more with 1005 'The file is too large' (reading no further)
 *  and the console before uploading. An avatar is shown at most 96 px wide, so 2 MiB is plenty. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Longest side of an avatar, read from the image's header (nothing resizes it): a phone photo
 * (4032 x 3024) fits; a small file that decodes to a huge bitmap in every viewer's browser does
 * not. Refused like an oversized file (ADR 011).
 */
export const AVATAR_MAX_SIDE_PX = 4096;
