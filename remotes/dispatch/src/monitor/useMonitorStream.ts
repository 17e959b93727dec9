import { useEffect, useState } from 'react';
import type { MediaInfo, MonitorEndCause } from '@ptt/contracts';
import type { MonitorClient, MonitorClientOptions, MonitorState, MonitorSubscription } from '@ptt/media';
import { useAppSelector, useConsole } from '../core';
import { fetchMedia } from '../ptt';

export type CreateMonitorClient = (options: MonitorClientOptions) => MonitorClient;

export interface MonitorStreamView {
  /** null until subscribed; 'ended' once the session is over. */
  state: MonitorState | null;
  stream: MediaStream | null;
  /** The media server is known to be missing: nothing can be subscribed. */
  unavailable: boolean;
  subscription: MonitorSubscription | null;
  /** Once ended: why the device never joined, when the server said so. */
  endCause: MonitorEndCause | null;
}

/**
 * Subscribes to a device's monitor session through the server's Janus proxy while `roomId` is
 * set, with a client of its own; unsubscribes when it changes or the dialog goes.
 */
export function useMonitorStream(roomId: string | null, createClient: CreateMonitorClient): MonitorStreamView {
  const { api, session } = useConsole();
  // The PTT area asked already, as a rule; without it, ask here.
  const known = useAppSelector((s) => s.ptt.media);
  const [fetched, setFetched] = useState<MediaInfo | null>(null);
  const media = known ?? fetched;
  const [subscription, setSubscription] = useState<MonitorSubscription | null>(null);
  const [state, setState] = useState<MonitorState | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const token = session?.auth_token ?? null;
  const available = media?.available === true;
  const janusPath = media?.janusPath ?? '';

  useEffect(() => {
    if (!roomId || media) return;
    const abort = new AbortController();
    fetchMedia(api, abort.signal)
      .then(setFetched)
      .catch(() => undefined); // the dialog stays 'connecting'; Reconnect or Stop remain
    return () => abort.abort();
  }, [api, roomId, media]);

  useEffect(() => {
    if (!roomId || !token || !available) return;
    const client = createClient({ janusPath, token });
    const sub = client.subscribe(roomId);
    setSubscription(sub);
    const states = sub.state$.subscribe(setState);
    const streams = sub.stream$.subscribe(setStream);
    return () => {
      states.unsubscribe();
      streams.unsubscribe();
      client.close();
      setSubscription(null);
      setState(null);
      setStream(null);
    };
  }, [available, createClient, janusPath, roomId, token]);

  // The subscription sets its cause before it says 'ended', and the state change renders us.
  const endCause = state === 'ended' ? (subscription?.endCause ?? null) : null;
  return { state, stream, unavailable: media !== null && !available, subscription, endCause };
}
