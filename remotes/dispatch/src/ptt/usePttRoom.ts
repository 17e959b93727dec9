import { useEffect, useMemo, useState } from 'react';
import type { MediaInfo } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import type { MediaClient, MediaClientOptions, RoomConnection } from '@ptt/media';
import { useAppDispatch, useAppSelector } from '../store';
import { connectionChanged, latencyMeasured } from './slice';

export type CreateMediaClient = (options: MediaClientOptions) => MediaClient;

/** How often the connection's round trip and jitter buffer are read while connected. */
export const STATS_INTERVAL_MS = 2000;

export interface PttRoomOptions {
  media: MediaInfo | null;
  token: string | null;
  chatId: string | null;
  microphoneId: string | undefined;
  speakerId: string | undefined;
  createClient: CreateMediaClient;
  bus: EventBus;
}

/**
 * The room of the selected chat: joined while media is available and a chat is selected, left
 * when the selection changes. Its state goes to the store, its problems to the notifications.
 */
export function usePttRoom({ media, token, chatId, microphoneId, speakerId, createClient, bus }: PttRoomOptions): RoomConnection | null {
  const dispatch = useAppDispatch();
  const connection = useAppSelector((s) => s.ptt.connection);
  const [room, setRoom] = useState<RoomConnection | null>(null);
  const available = media?.available === true;
  const janusPath = media?.janusPath ?? '';
  const client = useMemo(() => (available && token ? createClient({ janusPath, token }) : null), [available, janusPath, token, createClient]);
  useEffect(() => () => client?.close(), [client]);

  useEffect(() => {
    if (!client || !chatId) {
      dispatch(connectionChanged('notConnected'));
      return;
    }
    const joined = client.joinRoom(chatId, { microphoneId });
    setRoom(joined);
    const states = joined.state$.subscribe((s) => dispatch(connectionChanged(s)));
    const problems = joined.problems$.subscribe((p) => bus.publish('notify', { intent: 'error', key: p.key, id: `ptt-${p.key}` }));
    return () => {
      states.unsubscribe();
      problems.unsubscribe();
      joined.leave();
      setRoom(null);
    };
  }, [bus, chatId, client, dispatch, microphoneId]);

  useEffect(() => room?.setSpeaker(speakerId), [room, speakerId]);

  useEffect(() => {
    if (!room || connection !== 'connected') return;
    const read = () => {
      room
        .getInboundStats()
        .then((s) => s && dispatch(latencyMeasured({ roundTripMs: s.roundTripMs, jitterBufferMs: s.jitterBufferMs })))
        .catch(() => undefined); // a closing connection has no stats; the next read will tell
    };
    read();
    const timer = setInterval(read, STATS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [connection, dispatch, room]);

  return room;
}
