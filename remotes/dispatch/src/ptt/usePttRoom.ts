import { useEffect, useMemo, useRef, useState } from 'react';
import type { MediaInfo } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import type { MediaClient, MediaClientOptions, RoomConnection, RoomState } from '@ptt/media';
import { useAppDispatch } from '../core';
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

export interface JoinedRoom {
  room: RoomConnection | null;
  /** The room's state; notConnected while there is no media, token or chat id. */
  state: RoomState;
}

/**
 * The room of one chat id: joined while media is available and a chat id is given, left when it
 * changes or goes. Its problems go to the notifications. Any PTT area can use it (the selected
 * channel's, a temporary channel's); `onState` hears each state as it happens.
 */
export function useRoom(
  { media, token, chatId, microphoneId, speakerId, createClient, bus }: PttRoomOptions,
  onState?: (state: RoomState) => void,
): JoinedRoom {
  const [room, setRoom] = useState<RoomConnection | null>(null);
  const [state, setLocalState] = useState<RoomState>('notConnected');
  const heard = useRef(onState);
  heard.current = onState;
  const available = media?.available === true;
  const janusPath = media?.janusPath ?? '';
  // PTT channels and temporary channels ride the VideoRoom when the server says so; an older
  // server (no pttPath) mixes them in the AudioBridge.
  const path = media?.pttPath === 'sfu' ? 'sfu' : 'mix';
  const client = useMemo(() => (available && token ? createClient({ janusPath, token }) : null), [available, janusPath, token, createClient]);
  useEffect(() => () => client?.close(), [client]);

  useEffect(() => {
    const setState = (s: RoomState) => {
      setLocalState(s);
      heard.current?.(s);
    };
    if (!client || !chatId) {
      setState('notConnected');
      return;
    }
    const joined = client.joinRoom(chatId, { microphoneId, path });
    setRoom(joined);
    const states = joined.state$.subscribe((s) => setState(s));
    const problems = joined.problems$.subscribe((p) => bus.publish('notify', { intent: 'error', key: p.key, id: `ptt-${p.key}` }));
    return () => {
      states.unsubscribe();
      problems.unsubscribe();
      joined.leave();
      setRoom(null);
    };
  }, [bus, chatId, client, microphoneId, path]);

  useEffect(() => room?.setSpeaker(speakerId), [room, speakerId]);

  return { room, state };
}

/** The selected channel's room (useRoom): its state and measured latency go to the store. */
export function usePttRoom(options: PttRoomOptions): RoomConnection | null {
  const dispatch = useAppDispatch();
  const { room, state } = useRoom(options, (s) => dispatch(connectionChanged(s)));

  useEffect(() => {
    if (!room || state !== 'connected') return;
    const read = () => {
      room
        .getInboundStats()
        .then((s) => s && dispatch(latencyMeasured({ roundTripMs: s.roundTripMs, jitterBufferMs: s.jitterBufferMs, playoutMs: s.playoutMs })))
        .catch(() => undefined); // a closing connection has no stats; the next read will tell
    };
    read();
    const timer = setInterval(read, STATS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state, dispatch, room]);

  return room;
}
