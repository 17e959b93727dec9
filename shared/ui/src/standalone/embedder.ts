import { useSyncExternalStore } from 'react';

// The site that embeds this page (an iframe on another origin) once it handed over a session.
// Module-level because the page has one parent; @ptt/ui is a federation singleton, so the remote
// inside reads the same value the standalone shell wrote.

/** Where messages for the embedding site go: its window, and its origin as the browser reported it. */
export interface Embedder {
  origin: string;
  target: Pick<Window, 'postMessage'>;
}

let current: Embedder | null = null;
const listeners = new Set<() => void>();

/** The embedding site that was accepted, or null (not embedded, or no hand-off yet). */
export function getEmbedder(): Embedder | null {
  return current;
}

/** Set by the hand-off when the server accepted a token from `origin`; null forgets it. */
export function setEmbedder(next: Embedder | null): void {
  if (next?.origin === current?.origin && next?.target === current?.target) return;
  current = next;
  for (const l of listeners) l();
}

/**
 * Sends `data` to the accepted embedding site only (targetOrigin is its origin, never '*'), so a
 * page that navigated the frame's parent elsewhere hears nothing. False when there is none.
 */
export function postToEmbedder(data: unknown): boolean {
  if (!current) return false;
  current.target.postMessage(data, current.origin);
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The accepted embedding site, re-rendering when it changes. */
export function useEmbedder(): Embedder | null {
  return useSyncExternalStore(subscribe, getEmbedder, getEmbedder);
}
