import {
  CLIENT_ERROR_KEYS,
  NETWORK_ERROR_CODE,
  ServerCode,
  anyEnvelopeSchema,
  clientPackageSchema,
  serverCodeI18nKey,
  type ClientPackage,
  type PackageUploadFields,
} from '@ptt/contracts';
import { PACKAGES_PATH } from './api';

/** A refused or failed upload: the server code, and the i18n key of its reason when it gave one. */
export class UploadError extends Error {
  constructor(
    readonly code: number,
    readonly i18nKey: string,
  ) {
    super(i18nKey);
    this.name = 'UploadError';
  }
}

export interface UploadOptions {
  token: string | null;
  fields: PackageUploadFields;
  file: Blob & { name?: string };
  /** Fraction 0..1 of the bytes sent so far. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

function errorOf(status: number, text: string): UploadError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new UploadError(ServerCode.ServiceException, serverCodeI18nKey(ServerCode.ServiceException));
  }
  const envelope = anyEnvelopeSchema.safeParse(body);
  if (!envelope.success) return new UploadError(ServerCode.ServiceException, serverCodeI18nKey(status >= 500 ? ServerCode.ServiceException : ServerCode.ParameterError));
  const { code, data } = envelope.data;
  // Rule refusals and field errors name their own message (rule.fileTooLarge, validation.*).
  const reason = (data as { reason?: unknown } | null)?.reason;
  const issue = (data as { issues?: { message?: unknown }[] } | null)?.issues?.[0]?.message;
  const key = typeof reason === 'string' && reason.startsWith('rule.') ? reason : typeof issue === 'string' && issue.startsWith('validation.') ? issue : serverCodeI18nKey(code);
  return new UploadError(code, key);
}

function packageOf(text: string): ClientPackage | null {
  try {
    const envelope = anyEnvelopeSchema.safeParse(JSON.parse(text));
    if (!envelope.success || envelope.data.code !== 0) return null;
    const pkg = clientPackageSchema.safeParse(envelope.data.data);
    return pkg.success ? pkg.data : null;
  } catch {
    return null;
  }
}

/**
 * POSTs the package as multipart (fields first, then the file, as the server reads them) through
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
export function uploadPackage({ token, fields, file, onProgress, signal }: UploadOptions): Promise<ClientPackage> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('platform', fields.platform);
    form.append('version', fields.version);
    form.append('notes', fields.notes);
    form.append('file', file, file.name ?? 'package');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', PACKAGES_PATH);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const pkg = xhr.status >= 200 && xhr.status < 300 ? packageOf(xhr.responseText) : null;
      if (!pkg) {
        reject(errorOf(xhr.status, xhr.responseText));
        return;
      }
      onProgress(1);
      resolve(pkg);
    };
    xhr.onerror = () => reject(new UploadError(NETWORK_ERROR_CODE, CLIENT_ERROR_KEYS.networkError));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
