/**
 * Uploads per user (chat files, avatars, packages, spreadsheets), counted together: the file quota
 * bounds what is kept, not how fast a client can make the server read and check files. 30 a
 * minute is far more than a person attaching pictures or importing sheets needs. Past it:
 * BusyError('uploadBusy'), checked in registerRoutes before the body is read.
 */
export const UPLOADS_PER_USER = 30;
export const UPLOAD_WINDOW_MS = 60_000;

/** The key an uploader is counted under: the account, whichever node or address it comes from. */
export const uploaderKey = (entId: number, userId: number | null): string => `${entId}/${userId ?? 'ent'}`;
