import { SERVER_CODES, httpStatusFor, type ServerCode } from '@ptt/contracts';

/** A failure the client should see: one of the spec's server codes, plus optional details. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ServerCode,
    readonly data: unknown = null,
    message: string = SERVER_CODES[code].meaning,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return httpStatusFor(this.code);
  }
}
