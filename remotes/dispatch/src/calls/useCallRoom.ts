import { useEffect, useState } from 'react';
import { DEFAULT_SETTINGS } from '@ptt/contracts';
import type { MediaInfo } from '@ptt/contracts';
import type { MediaClient, MediaClientOptions, MediaProblem, RoomConnection, RoomState } from '@ptt/media';
import { useBusState } from '@ptt/ui';
import { fetchMedia } from '../ptt';
import { useAppSelector, useConsole } from '../core';

export type CreateCallMediaClient = (options: MediaClientOptions) => MediaClient;

export interface CallRoomOptions {
  /** The accepted call's room; null while there is none to be in (ringing, ended). */
  chatId: string | null;
  /** The microphone is sent while the call talks (the server unmutes both parties). */
  transmitting: boolean;
  createClient: CreateCallMediaClient;
}

export interface CallRoomView {
  /** The room's connection; null while not joined. */
  state: RoomState | null;
  /** Why our microphone is not sent (permission, not found, in use), as a client message key. */
  micProblem: MediaProblem | null;
}

/**
 * The audio of a 1V1 call: the call's own AudioBridge room, joined through the server's Janus
 * proxy with a media client of its own (the PTT room of the selected channel keeps its own), left
 * when the call has no room any more or the dialog goes.
 */
export function useCallRoom({ chatId, transmitting, createClient }: CallRoomOptions): CallRoomView {
  const { api, bus, session } = useConsole();
  const settings = useBusState(bus, 'settings') ?? DEFAULT_SETTINGS;
  // The PTT area asked already, as a rule; without it, the call asks itself.
  const known = useAppSelector((s) => s.ptt.media);
  const [fetched, setFetched] = useState<MediaInfo | null>(null);
  const media = known ?? fetched;
  const [room, setRoom] = useState<RoomConnection | null>(null);
  const [state, setState] = useState<RoomState | null>(null);
  const [micProblem, setMicProblem] = useState<MediaProblem | null>(null);
  const token = session?.auth_token ?? null;
  const available = media?.available === true;
  const janusPath = media?.janusPath ?? '';
  const microphoneId = settings.microphoneId || undefined;

  useEffect(() => {
    if (!chatId || media) return;
    const abort = new AbortController();
    fetchMedia(api, abort.signal)
      .then(setFetched)
      .catch(() => undefined); // the server ends a call whose audio never comes up
    return () => abort.abort();
  }, [api, chatId, media]);

  useEffect(() => {
    if (!chatId || !token || !available) return;
    const client = createClient({ janusPath, token });
    const joined = client.joinRoom(chatId, { microphoneId });
    setRoom(joined);
    const states = joined.state$.subscribe(setState);
    const problems = joined.problems$.subscribe(() => setMicProblem(joined.micProblem));
    return () => {
      states.unsubscribe();
      problems.unsubscribe();
      client.close();
      setRoom(null);
      setState(null);
      setMicProblem(null);
    };
  }, [available, chatId, createClient, janusPath, microphoneId, token]);

  const speakerId = settings.speakerId || undefined;
  useEffect(() => room?.setSpeaker(speakerId), [room, speakerId]);
  useEffect(() => room?.setTransmitting(transmitting), [room, transmitting]);

  return { state, micProblem };
}
