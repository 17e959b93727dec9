import { useEffect, useRef, useState } from 'react';
import { DEFAULT_SETTINGS, chatId } from '@ptt/contracts';
import { createMediaClient } from '@ptt/media';
import type { RoomConnection } from '@ptt/media';
import { useBusState } from '@ptt/ui';
import { useAppSelector, useConsole } from '../core';
import { openRoom, useMediaClient } from '../ptt';
import type { CreateMediaClient } from '../ptt';
import { outputOf } from './api';
import type { ListenedChannel } from './api';

export interface WatchedRoomsOptions {
  /** With `duck` set on those a priority channel ducks now. */
  channels: readonly ListenedChannel[];
  /** The channel the PTT panel has joined (to talk in); it is not joined a second time here. */
  selectedChannelId: number | null;
  createClient?: CreateMediaClient;
}

type Joined = ReturnType<typeof openRoom>;

/**
 * One listen-only room per watched channel other than the selected one, through one media client:
 * a channel added is joined, a channel removed (or selected for transmit) is left, the others stay
 * joined as they are. Volume, mute and pan go to each room as they change. Returns the rooms by
 * channel id.
 */
export function useWatchedRooms({ channels, selectedChannelId, createClient = createMediaClient }: WatchedRoomsOptions): ReadonlyMap<number, RoomConnection> {
  const { bus, session } = useConsole();
  const settings = useBusState(bus, 'settings') ?? DEFAULT_SETTINGS;
  const media = useAppSelector((s) => s.ptt.media);
  const { client, path } = useMediaClient(media, session?.auth_token ?? null, createClient);
  const entId = session?.ent.id ?? null;
  const [rooms, setRooms] = useState<ReadonlyMap<number, RoomConnection>>(() => new Map());
  const joined = useRef(new Map<number, Joined>());

  const listened = channels.filter((c) => c.channelId !== selectedChannelId);
  // Read at join time only: a room joins with its current output, later changes go through setOutput.
  const latest = useRef(listened);
  latest.current = listened;
  const ids = listened.map((c) => c.channelId).join(',');

  useEffect(() => {
    const open = joined.current;
    const want = new Set(ids === '' ? [] : ids.split(',').map(Number));
    for (const [id, r] of open) {
      if (!want.has(id)) {
        r.leave();
        open.delete(id);
      }
    }
    if (client && entId !== null) {
      for (const c of latest.current) {
        if (open.has(c.channelId)) continue;
        // Each room's state is its own business: a watched tile shows what it hears, not a badge.
        // The watched rooms share one Janus session (one long poll): twenty long polls of their
        // own would queue behind the browser's six connections per host (ADR 023).
        open.set(c.channelId, openRoom(client, chatId(entId, c.channelId), { listenOnly: true, output: outputOf(c), path, sharedSession: true }, bus, () => undefined));
      }
    }
    setRooms(new Map([...open].map(([id, r]) => [id, r.room])));
  }, [bus, client, entId, ids, path]);

  // A new client (token or media changed) or the panel going away: every room goes with it.
  useEffect(() => {
    const open = joined.current;
    return () => {
      for (const r of open.values()) r.leave();
      open.clear();
    };
  }, [client, path, entId]);

  const outputs = listened.map((c) => `${c.channelId}:${c.volume}:${c.muted}:${c.pan}:${c.duck === true}`).join(',');
  useEffect(() => {
    for (const c of latest.current) rooms.get(c.channelId)?.setOutput(outputOf(c));
  }, [rooms, outputs]);

  const speakerId = settings.speakerId || undefined;
  useEffect(() => {
    for (const room of rooms.values()) room.setSpeaker(speakerId);
  }, [rooms, speakerId]);

  return rooms;
}
