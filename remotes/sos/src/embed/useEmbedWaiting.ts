import { useEffect } from 'react';
import { EMBED_MESSAGES } from '@ptt/contracts';
import { postToEmbedder, useEmbedder } from '@ptt/ui';

/**
 * Embedded in another site: tells that site (its accepted origin only) the waiting count each
 * time it changes, so it can show a badge of its own. Nothing until the count is known.
 */
export function useEmbedWaiting(count: number, known: boolean): void {
  const embedder = useEmbedder();
  useEffect(() => {
    if (embedder && known) postToEmbedder({ type: EMBED_MESSAGES.waiting, waiting: count });
  }, [embedder, count, known]);
}
