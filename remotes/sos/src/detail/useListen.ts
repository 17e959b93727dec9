import { useCallback, useEffect, useRef, useState } from 'react';
import type { MonitorEndCause } from '@ptt/contracts';
import type { MonitorState, MonitorSubscription } from '@ptt/media';
import { useLazyMediaInfoQuery, useListenToMutation, useSos, useStopListeningMutation } from '../core';

/** idle: not listening; sending: the Voice command is on its way; on: subscribed to the room;
 *  refused: the command or the media server said no (`key` is an i18n key). */
export type ListenPhase = { phase: 'idle' } | { phase: 'sending' } | { phase: 'on'; roomId: string } | { phase: 'refused'; key: string };

export interface Listen {
  phase: ListenPhase;
  /** The subscription's state while on; null until subscribed. */
  state: MonitorState | null;
  endCause: MonitorEndCause | null;
  stream: MediaStream | null;
  start: () => void;
  stop: () => void;
}

/**
 * Environment listen of an SOS member's device, in the page: DeviceCommand.Voice through the
 * devices' command endpoint (the answer carries the device's monitor room), then a subscription
 * through the server's Janus proxy with @ptt/media's monitor client, as the dispatch console's
 * monitor dialog does. Stop ends the device's session; leaving the SOS stops it too, so no
 * handset keeps its microphone open for a page nobody looks at.
 */
export function useListen(deviceId: number | null): Listen {
  const { session, createMonitorClient } = useSos();
  const [listenTo] = useListenToMutation();
  const [stopListening] = useStopListeningMutation();
  const [fetchMedia] = useLazyMediaInfoQuery();
  const [phase, setPhase] = useState<ListenPhase>({ phase: 'idle' });
  const [state, setState] = useState<MonitorState | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [subscription, setSubscription] = useState<MonitorSubscription | null>(null);
  const token = session?.auth_token ?? null;
  const roomId = phase.phase === 'on' ? phase.roomId : null;

  const start = useCallback(() => {
    if (deviceId === null) return;
    setPhase({ phase: 'sending' });
    listenTo(deviceId)
      .unwrap()
      .then((record) => setPhase(record.monitor ? { phase: 'on', roomId: record.monitor.roomId } : { phase: 'refused', key: 'listen.failedToSend' }))
      .catch((e: { i18nKey?: string }) => setPhase({ phase: 'refused', key: e.i18nKey ? `common:${e.i18nKey}` : 'listen.failedToSend' }));
  }, [deviceId, listenTo]);

  const stop = useCallback(() => {
    if (deviceId !== null) void stopListening(deviceId);
    setPhase({ phase: 'idle' });
  }, [deviceId, stopListening]);

  // Subscribed while on: the media server's proxy path first, then the room.
  useEffect(() => {
    if (!roomId || !token) return;
    let live = true;
    let leave = () => undefined as void;
    fetchMedia(undefined, true)
      .unwrap()
      .then((media) => {
        if (!live) return;
        if (!media.available) return setPhase({ phase: 'refused', key: 'listen.unavailable' });
        const client = createMonitorClient({ janusPath: media.janusPath, token });
        const sub = client.subscribe(roomId);
        setSubscription(sub);
        const states = sub.state$.subscribe(setState);
        const streams = sub.stream$.subscribe(setStream);
        leave = () => {
          states.unsubscribe();
          streams.unsubscribe();
          client.close();
        };
      })
      .catch(() => live && setPhase({ phase: 'refused', key: 'listen.unavailable' }));
    return () => {
      live = false;
      leave();
      setSubscription(null);
      setState(null);
      setStream(null);
    };
  }, [createMonitorClient, fetchMedia, roomId, token]);

  // Another SOS chosen, or the page left, while listening: end the device's session.
  const listening = useRef<number | null>(null);
  listening.current = phase.phase === 'on' || phase.phase === 'sending' ? deviceId : null;
  useEffect(
    () => () => {
      if (listening.current !== null) void stopListening(listening.current);
    },
    [deviceId, stopListening],
  );

  const endCause = state === 'ended' ? (subscription?.endCause ?? null) : null;
  return { phase, state, endCause, stream, start, stop };
}
