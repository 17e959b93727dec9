import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { SirenLevel, SirenState } from '@ptt/media';
import { useSos } from '../core';
import type { QueueEntry } from '../queue/queue';
import { alarmOf } from './alarm';

export interface Alarm {
  state: SirenState;
  level: SirenLevel;
  /** The audio context's state, or null before one exists: shown for tests beside `state`. */
  contextState: AudioContextState | null;
  /** For the "click to enable sound" button: a click is what the browser waits for. */
  unlock: () => void;
}

/**
 * The page's siren: sounding while an open SOS is not acknowledged, at level 2 while one of those
 * escalated. Browsers start sound only after the user interacted with the page, so the audio
 * context is made on the first click or key anywhere; until then a wanted alarm is 'blocked',
 * which the page says (never silence without saying so).
 */
export function useAlarm(entries: readonly QueueEntry[]): Alarm {
  const { createSiren } = useSos();
  const siren = useMemo(() => createSiren(), [createSiren]);
  const { wanted, level } = alarmOf(entries);
  const state = useSyncExternalStore(siren.subscribe, siren.getState);

  // The level first, so a start plays the right pattern from its first beep.
  useEffect(() => siren.setLevel(level), [siren, level]);
  useEffect(() => {
    if (wanted) siren.start();
    else siren.stop();
  }, [siren, wanted]);

  // Browsers start sound only after the user touched the page: unlock on the first click or key.
  useEffect(() => siren.unlockOnGesture(), [siren]);

  useEffect(() => () => siren.dispose(), [siren]);

  return { state, level, contextState: siren.contextState, unlock: () => siren.unlock() };
}
