import { CLIENT_ERROR_KEYS } from './api';

/**
 * The client message (spec section 8) for a failed microphone request, by the DOMException's
 * name: permission refused, no such device, or a device another program holds. Anything else
 * reads as "in use": the device may exist, but it could not be opened. The one mapping for the
 * settings dialog, diagnostics, chat voice messages and PTT.
 */
export function micErrorKey(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return CLIENT_ERROR_KEYS.micPermissionDenied;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return CLIENT_ERROR_KEYS.micNotFound;
    default:
      // NotReadableError / AbortError: the device exists but could not be started.
      return CLIENT_ERROR_KEYS.micInUse;
  }
}
