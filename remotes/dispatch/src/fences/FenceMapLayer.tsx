import { useEffect, useMemo } from 'react';
import type { EventBus } from '@ptt/event-bus';
import { useFenceOverlay } from '@ptt/map';
import type { FenceDrawing, PttMap } from '@ptt/map';
import { NS } from '../core';
import { useEnabledFencesQuery, useFenceQuery } from './api';

export interface FenceMapLayerProps {
  bus: EventBus;
  map: PttMap | null;
  /** The layer switch: every enabled fence. */
  all: boolean;
  /** A fence to draw highlighted whether the layer is on or not (an alert's), stopped or not. */
  highlightId: number | null;
}

const NONE: FenceDrawing[] = [];

/** The dispatch map's fences: all enabled ones while the layer is on, plus an alert's fence, highlighted. */
export function FenceMapLayer({ bus, map, all, highlightId }: FenceMapLayerProps) {
  const list = useEnabledFencesQuery(undefined, { skip: !all });
  const one = useFenceQuery(highlightId ?? 0, { skip: highlightId === null });
  const highlighted = highlightId === null ? undefined : one.data;

  const fences = useMemo(() => {
    const listed = all ? (list.data ?? NONE) : NONE;
    if (!highlighted) return listed;
    return [...listed.filter((f) => f.id !== highlighted.id), highlighted];
  }, [all, list.data, highlighted]);
  useFenceOverlay(map, fences, { highlightId });

  const failed = (all && list.isError) || (highlightId !== null && one.isError);
  useEffect(() => {
    if (failed) bus.publish('notify', { intent: 'error', key: `${NS}:fences.layer.loadFailed`, id: 'fence-layer-load' });
  }, [bus, failed]);
  return null;
}
