/** Every failed API call rejects with this: a server code (or -1 for no answer) and its i18n key. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly i18nKey: string,
    readonly httpStatus: number,
    message: string,
    /** The envelope's `data` of a refusal (a rule's `reason`, field `issues`), or null. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
