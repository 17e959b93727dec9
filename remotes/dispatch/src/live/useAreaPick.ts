import { useCallback, useState } from 'react';
import { inArea, selectArea } from '@ptt/map';
import type { MemberMarker, PttMap } from '@ptt/map';
import type { Roster } from './roster';

export type AreaShape = 'circle' | 'polygon';

export interface AreaPick {
  /** The shape being drawn, or null. */
  selecting: AreaShape | null;
  /** Lets the dispatcher draw an area; resolves with the members whose positions are inside
   *  (the dispatcher excluded, by name), or null when the drawing was cancelled. */
  pick: (shape: AreaShape) => Promise<MemberMarker[] | null>;
}

export function useAreaPick(map: PttMap | null, roster: Roster, selfUid: number | null): AreaPick {
  const [selecting, setSelecting] = useState<AreaShape | null>(null);
  const pick = useCallback(
    async (shape: AreaShape) => {
      if (!map) return null;
      setSelecting(shape);
      try {
        const area = await selectArea(map, shape);
        if (!area) return null;
        return roster
          .positionList()
          .filter((p) => p.uid !== selfUid && inArea(p, area))
          // A position whose user the roster cannot name yet still counts: they are there.
          .map((p) => roster.member(p.uid) ?? { uid: p.uid, name: `#${p.uid}`, status: 'unknown' as const })
          .sort((a, b) => a.name.localeCompare(b.name));
      } finally {
        setSelecting(null);
      }
    },
    [map, roster, selfUid],
  );
  return { selecting, pick };
}
