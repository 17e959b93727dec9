import { useEffect, useRef, useState } from 'react';
import { CHAT_NAME_MAX_LENGTH } from '@ptt/contracts';
import type { FileMeta } from '@ptt/contracts';
import { maxFileBytes, uploadFile } from './api';
import { errorKeyOf } from './actions';
import { useChatServices } from './context';

export type UploadStatus =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; fraction: number }
  /** `key` in the common namespace. */
  | { kind: 'failed'; key: string };

/** A display name the message schema accepts: no control characters, at most 120 characters. */
export function messageFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, CHAT_NAME_MAX_LENGTH);
}

/**
 * Uploads one attachment at a time with progress, refusing files over the enterprise's limit
 * before sending a byte (the server checks again). Unmounting stops a running upload.
 */
export function useUpload() {
  const { api } = useChatServices();
  const [status, setStatus] = useState<UploadStatus>({ kind: 'idle' });
  const limit = useRef<Promise<number> | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = async (file: Blob, rawName: string): Promise<FileMeta | null> => {
    const name = messageFileName(rawName);
    try {
      limit.current ??= maxFileBytes(api);
      const max = await limit.current.catch((e: unknown) => {
        limit.current = null;
        throw e;
      });
      if (file.size > max) {
        setStatus({ kind: 'failed', key: 'rule.fileTooLarge' });
        return null;
      }
      setStatus({ kind: 'uploading', name, fraction: 0 });
      abort.current = new AbortController();
      const meta = await uploadFile(api, file, name, (fraction) => setStatus({ kind: 'uploading', name, fraction }), abort.current.signal);
      setStatus({ kind: 'idle' });
      return meta;
    } catch (e) {
      if (abort.current?.signal.aborted) {
        setStatus({ kind: 'idle' });
        return null;
      }
      setStatus({ kind: 'failed', key: errorKeyOf(e, 'result.upload.failure') });
      return null;
    } finally {
      abort.current = null;
    }
  };

  return {
    status,
    upload,
    cancel: () => abort.current?.abort(),
    dismiss: () => setStatus({ kind: 'idle' }),
  };
}
