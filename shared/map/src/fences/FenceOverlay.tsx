import { useEffect, useState } from 'react';
import { usePttMap } from '../MapView';
import type { PttMap } from '../types';
import { FenceLayer, type FenceLayerOptions } from './FenceLayer';
import type { FenceDrawing } from './types';

export interface FenceOverlayOptions extends FenceLayerOptions {
  /** The fence drawn highlighted (an alert's), if it is among `fences`. */
  highlightId?: number | null;
  /** Frame the fences (the highlighted one if any) each time the list changes: previews. */
  fit?: boolean;
}

/**
 * Keeps a FenceLayer on `map` showing `fences` (WGS-84) with one highlighted. Pass a list whose
 * identity changes only when its content does (a query result, a memo): a new list is compared
 * fence by fence, but `fit` frames again on every new list.
 */
export function useFenceOverlay(map: PttMap | null, fences: readonly FenceDrawing[], options: FenceOverlayOptions = {}): FenceLayer | null {
  const { labels = 'hover', highlightId = null, fit = false } = options;
  const [layer, setLayer] = useState<FenceLayer | null>(null);

  useEffect(() => {
    if (!map) return;
    const created = new FenceLayer({ labels }).addTo(map);
    setLayer(created);
    return () => {
      created.remove();
      setLayer(null);
    };
  }, [map, labels]);

  // The highlight first: a new list is then drawn with it already in place.
  useEffect(() => layer?.setHighlight(highlightId), [layer, highlightId]);

  useEffect(() => {
    if (!layer) return;
    layer.setFences(fences);
    if (fit) layer.fit();
  }, [layer, fences, fit]);

  return layer;
}

export interface FenceOverlayProps extends FenceOverlayOptions {
  /** The map to draw on; without one, the nearest MapView's (the overlay is then its child). */
  map?: PttMap | null;
  fences: readonly FenceDrawing[];
}

/** Fences on a map, read-only: `<MapView ...><FenceOverlay fences={list} highlightId={id} /></MapView>`. */
export function FenceOverlay({ map, fences, ...options }: FenceOverlayProps): null {
  const nearest = usePttMap();
  useFenceOverlay(map === undefined ? nearest : map, fences, options);
  return null;
}
