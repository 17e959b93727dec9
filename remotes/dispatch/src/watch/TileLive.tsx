import { memo, useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { FloorVia, PttTalker } from '@ptt/contracts';
import type { RoomConnection } from '@ptt/media';
import { NS } from '../core';

// The parts of a watched tile that change on their own with time: the level meter (5 reads a
// second while the channel can be heard) and the talking clock (once a second while someone
// talks). Each owns its timer and re-renders alone, so the tile's Fluent controls stay put.

/** How often the tile reads its room's output level (the meter and `data-level`) while it can be heard. */
export const LEVEL_INTERVAL_MS = 200;
/**
 * After the floor is released and no replay plays, the meter goes on reading until the strip
 * reads silence (the jitter buffer's tail still plays), at most this long; then it shows 0 and
 * stops: a silent room costs no reads and no renders.
 */
export const LEVEL_TAIL_MS = 2_000;

const readLevel = (room: RoomConnection) => Math.round(room.getOutputLevel() * 1000) / 1000;

/**
 * The room's output level (after volume and mute), every LEVEL_INTERVAL_MS while `active` (a
 * floor is held or a replay plays) and through the tail after; nothing while the room is silent.
 * Equal readings do not render (React drops a state set to the same value).
 */
export function useRoomLevel(room: RoomConnection | null, active: boolean): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!room) {
      setLevel(0);
      return;
    }
    const tailEnd = active ? Infinity : Date.now() + LEVEL_TAIL_MS;
    let timer: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
    const read = () => {
      const value = readLevel(room);
      if (!active && (value === 0 || Date.now() >= tailEnd)) {
        setLevel(0);
        stop();
        return;
      }
      setLevel(value);
    };
    timer = setInterval(read, LEVEL_INTERVAL_MS);
    read();
    return stop;
  }, [room, active]);
  return level;
}

export interface TileLevelProps {
  room: RoomConnection | null;
  /** Someone holds the floor or a replay plays: the room may play sound. */
  active: boolean;
  /** The meter's accessible name. */
  label: string;
  className?: string;
  /** The tile, which carries `data-level` (what the e2e specs read). */
  tileRef: RefObject<HTMLElement>;
}

/** The tile's level meter; it also writes the tile's `data-level` without rendering the tile. */
export const TileLevel = memo(function TileLevel({ room, active, label, className, tileRef }: TileLevelProps) {
  const level = useRoomLevel(room, active);
  const text = level.toFixed(3);
  // A passive effect: on the first commit the tile's ref is attached only after its children's layout effects.
  useEffect(() => tileRef.current?.setAttribute('data-level', text), [text, tileRef]);
  return <meter className={className} min={0} max={1} low={0.05} high={0.7} value={level} aria-label={label} />;
});

/** Whole seconds since `since` (ISO, the server's clock), never negative (a console clock behind the server's). */
export function talkSeconds(since: string | null, now: number): number {
  if (!since) return 0;
  const start = Date.parse(since);
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

/** The seconds of a talk, re-rendering once a second on the talk's own second boundaries; no timer without a talk. */
export function useTalkSeconds(since: string | null, running: boolean): number {
  const [seconds, setSeconds] = useState(() => (running ? talkSeconds(since, Date.now()) : 0));
  useEffect(() => {
    if (!running) {
      setSeconds(0);
      return;
    }
    const start = since ? Date.parse(since) : NaN;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = () => {
      const now = Date.now();
      setSeconds(talkSeconds(since, now));
      // Wake at the talk's next whole second (a timer never fires early).
      const into = Number.isNaN(start) ? 0 : (((now - start) % 1000) + 1000) % 1000;
      timer = setTimeout(tick, 1000 - into);
    };
    tick();
    return () => {
      if (timer !== null) clearTimeout(timer);
    };
  }, [since, running]);
  return seconds;
}

export type TileVia = { kind: FloorVia['kind']; channel: string | null } | null;

function talkerKey(kind: FloorVia['kind'] | null, channel: string | null): string {
  if (kind === 'allcall') return 'watch.patch.talkerAllCall';
  if (kind === 'patch' && channel) return 'watch.patch.talkerVia';
  return 'watch.talker';
}

export interface TileTalkerProps {
  holder: PttTalker | null;
  since: string | null;
  /** How the floor reached the channel (patch, all-call), and the patched channel's name the talker pressed in. */
  viaKind: FloorVia['kind'] | null;
  viaChannel: string | null;
  className?: string;
  quietClassName?: string;
}

/** "X is talking (via Y / all-call), N s" with its own clock, or "Nobody is talking". */
export const TileTalker = memo(function TileTalker({ holder, since, viaKind, viaChannel, className, quietClassName }: TileTalkerProps) {
  const { t } = useTranslation(NS);
  const seconds = useTalkSeconds(since, holder !== null);
  return holder ? (
    <Caption1 className={className} role="status">
      {t(talkerKey(viaKind, viaChannel), { name: holder.nickname, seconds, channel: viaChannel ?? '' })}
    </Caption1>
  ) : (
    <Caption1 className={quietClassName}>{t('watch.quiet')}</Caption1>
  );
});
