import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { FILE_LINK_STEP_S, fileLinkRenewAt, type Session } from '@ptt/contracts';
import { signedFileUrl } from '@ptt/event-bus';

// Signed file URLs (ADR 012) in components: the same URL all hour, a fresh one when the hour turns
// (a chat or a wall display stays open all shift, and a URL lives two hours at most). One timer
// for the page, however many images and players are mounted.

type FileLinkSession = Pick<Session, 'file_link' | 'file_key'> | null | undefined;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** The hour's renewal time: changes exactly when signed URLs change. */
function hourSnapshot(): number {
  return fileLinkRenewAt(Date.now());
}

function schedule(): void {
  // A few ms late rather than early, so the snapshot has moved when listeners read it.
  const wait = Math.max(0, hourSnapshot() - Date.now()) + 20;
  timer = setTimeout(() => {
    timer = null;
    for (const l of [...listeners]) l();
    if (listeners.size > 0) schedule();
  }, wait);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) schedule();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

/**
 * A function from file id to its signed URL for the session (its `file_link` and `file_key`),
 * the same function all hour, so lists only re-render when the hour turns or the session changes.
 */
export function useFileUrlSigner(session: FileLinkSession): (fileId: string) => string {
  const hour = useSyncExternalStore(subscribe, hourSnapshot, hourSnapshot);
  const link = session?.file_link;
  const key = session?.file_key;
  return useCallback(
    // Signed as of the hour's start: the URL depends on the hour only.
    (fileId: string) => signedFileUrl(fileId, link && key ? { link, key } : null, hour - FILE_LINK_STEP_S * 1000),
    [link, key, hour],
  );
}

/** One file's signed URL, renewed when the hour turns. */
export function useFileUrl(fileId: string, session: FileLinkSession): string {
  const sign = useFileUrlSigner(session);
  return useMemo(() => sign(fileId), [sign, fileId]);
}

/**
 * For <audio> and <video>: the signed URL, kept while the player plays (a new src would stop it
 * and start over), renewed once it pauses or ends. Spread the result on the element.
 */
export function usePlayerFileUrl(
  fileId: string,
  session: FileLinkSession,
): { src: string; onPlay: () => void; onPause: () => void; onEnded: () => void } {
  const fresh = useFileUrl(fileId, session);
  const [playing, setPlaying] = useState(false);
  const held = useRef({ fileId, src: fresh });
  if (!playing || held.current.fileId !== fileId) held.current = { fileId, src: fresh };
  const onPlay = useCallback(() => setPlaying(true), []);
  const onStop = useCallback(() => setPlaying(false), []);
  return { src: held.current.src, onPlay, onPause: onStop, onEnded: onStop };
}
