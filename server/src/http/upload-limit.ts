import { ServerCode } from '@ptt/contracts';
import { AppError } from './app-error';
import { ruleError } from './caller';

/**
 * Uploads per user (chat files, avatars, packages, spreadsheets), counted together: the file quota
 * bounds what is kept, not how fast a client can make the server read and check files. 30 a
 * minute is far more than a person attaching pictures or importing sheets needs.
 */
export const UPLOADS_PER_USER = 30;
export const UPLOAD_WINDOW_MS = 60_000;

/** 429 with the catalogue's 600, as for captchas and sending too fast; the body is never read. */
export class UploadBusyError extends AppError {
  constructor() {
    const e = ruleError(ServerCode.ServiceBusy, 'uploadBusy');
    super(e.code, e.data, e.message);
  }

  override get httpStatus(): number {
    return 429;
  }
}

/** The key an uploader is counted under: the account, whichever node or address it comes from. */
export const uploaderKey = (entId: number, userId: number | null): string => `${entId}/${userId ?? 'ent'}`;
