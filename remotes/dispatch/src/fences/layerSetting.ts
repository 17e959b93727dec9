import { useCallback, useEffect, useState } from 'react';

/**
 * localStorage key: '1' while the dispatch map shows the fence layer. A key of the remote's own,
 * not a field of the host's settings entry: the host owns and validates that one, and a remote
 * deploys without the host (ADR 001), as @ptt/map keeps its `mapTiles` choice.
 */
export const FENCE_LAYER_KEY = 'dispatch.mapFences';
// Every open dispatch map follows one choice: this page's through an event, other tabs' through `storage`.
const CHANGE_EVENT = 'ptt-dispatch-map-fences';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getFenceLayer(): boolean {
  return storage()?.getItem(FENCE_LAYER_KEY) === '1';
}

export function setFenceLayer(on: boolean): void {
  const s = storage();
  if (on) s?.setItem(FENCE_LAYER_KEY, '1');
  else s?.removeItem(FENCE_LAYER_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Whether the fence layer is on (off until switched on), and the switch; kept across reloads. */
export function useFenceLayerSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(getFenceLayer);
  useEffect(() => {
    const update = () => setOn(getFenceLayer());
    window.addEventListener(CHANGE_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(CHANGE_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  const set = useCallback((next: boolean) => setFenceLayer(next), []);
  return [on, set];
}
