import { useEffect, useMemo, useRef, useState } from 'react';
import type { MediaInfo } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import type { ChannelOutputSettings, JoinOptions, MediaClient, MediaClientOptions, RoomConnection, RoomState } from '@ptt/media';
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
  /** Plays the room through the page's WebAudio graph at this volume, mute and pan (watched channels). */
  output?: ChannelOutputSettings;
  /** Never asks for the microphone nor publishes (a watched channel that is not the selected one). */
  listenOnly?: boolean;
}

/** The media client of one token (closed when it changes) and the PTT path the server chose. */
export function useMediaClient(media: MediaInfo | null, token: string | null, createClient: CreateMediaClient) {
  const available = media?.available === true;
  const janusPath = media?.janusPath ?? '';
  // PTT channels and temporary channels ride the VideoRoom when the server says so; an older
  // server (no pttPath) mixes them in the AudioBridge.
  const path: 'sfu' | 'mix' = media?.pttPath === 'sfu' ? 'sfu' : 'mix';
  const client = useMemo(() => (available && token ? createClient({ janusPath, token }) : null), [available, janusPath, token, createClient]);
  useEffect(() => () => client?.close(), [client]);
  return { client, path };
}

/**
 * Joins one room and follows it: its states go to `setState`, its problems to the notifications.
 * Returns the room and how to leave it. useRoom and the watched channels' rooms share it.
 */
export function openRoom(client: MediaClient, chatId: string, options: JoinOptions, bus: EventBus, setState: (s: RoomState) => void) {
  const room = client.joinRoom(chatId, options);
  const states = room.state$.subscribe((s) => setState(s));
  const problems = room.problems$.subscribe((p) => bus.publish('notify', { intent: 'error', key: p.key, id: `ptt-${p.key}` }));
  const leave = () => {
    states.unsubscribe();
    problems.unsubscribe();
    room.leave();
  };
  return { room, leave };
}

/** Applies `output` to `room` when one of its values changes (not on every new object). */
export function useOutput(room: RoomConnection | null, output: ChannelOutputSettings | undefined): void {
  const volume = output?.volume;
  const muted = output?.muted;
  const pan = output?.pan;
  const duck = output?.duck;
  useEffect(() => {
    if (room && volume !== undefined && muted !== undefined && pan !== undefined) room.setOutput({ volume, muted, pan, duck });
  }, [room, volume, muted, pan, duck]);
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
  { media, token, chatId, microphoneId, speakerId, createClient, bus, output, listenOnly }: PttRoomOptions,
  onState?: (state: RoomState) => void,
): JoinedRoom {
  const [room, setRoom] = useState<RoomConnection | null>(null);
  const [state, setLocalState] = useState<RoomState>('notConnected');
  const heard = useRef(onState);
  heard.current = onState;
  // The output at join time picks the playing path; later changes go through setOutput (useOutput).
  const outputNow = useRef(output);
  outputNow.current = output;
  const { client, path } = useMediaClient(media, token, createClient);

  useEffect(() => {
    const setState = (s: RoomState) => {
      setLocalState(s);
      heard.current?.(s);
    };
    if (!client || !chatId) {
      setState('notConnected');
      return;
    }
    const options: JoinOptions = { microphoneId, path };
    if (outputNow.current) options.output = outputNow.current;
    if (listenOnly) options.listenOnly = true;
    const joined = openRoom(client, chatId, options, bus, setState);
    setRoom(joined.room);
    return () => {
      joined.leave();
      setRoom(null);
    };
  }, [bus, chatId, client, microphoneId, path, listenOnly]);

  useEffect(() => room?.setSpeaker(speakerId), [room, speakerId]);
  useOutput(room, output);

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
