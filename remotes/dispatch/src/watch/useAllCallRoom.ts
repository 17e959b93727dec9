import { useMemo } from 'react';
import { DEFAULT_SETTINGS, allCallOriginId } from '@ptt/contracts';
import { createMediaClient } from '@ptt/media';
import type { RoomConnection } from '@ptt/media';
import { useBusState } from '@ptt/ui';
import { useAppSelector, useConsole } from '../core';
import { useRoom } from '../ptt';
import type { CreateMediaClient } from '../ptt';

/**
 * A media client whose rooms share the page's Janus session (`sharedSession`) with the watched
 * rooms: the origin room is one more pair of handles on their session, not one more long poll.
 */
export function sharingSession(create: CreateMediaClient): CreateMediaClient {
  return (options) => {
    const client = create(options);
    return {
      joinRoom: (chatId, join = {}) => client.joinRoom(chatId, { ...join, sharedSession: true }),
      close: () => client.close(),
    };
  };
}

export interface AllCallRoomOptions {
  /** Joined while true: two or more channels are ticked for an all-call. */
  wanted: boolean;
  createClient?: CreateMediaClient;
}

/**
 * The dispatcher's all-call origin room (`{entId}-9-{uid}`, ADR 024): the one place an all-call's
 * microphone is published; the server forwards it to every channel whose floor the call holds.
 * Joined ahead of the press, as soon as an all-call is possible (two ticks), so the press does not
 * wait for ICE and DTLS; left when fewer remain or the panel goes. It publishes the microphone
 * (disabled until a call is on air; the server unmutes the feed only then) and hears nothing:
 * nobody else may publish there. It shares the watched rooms' Janus session (ADR 023).
 */
export function useAllCallRoom({ wanted, createClient = createMediaClient }: AllCallRoomOptions): RoomConnection | null {
  const { bus, session } = useConsole();
  const settings = useBusState(bus, 'settings') ?? DEFAULT_SETTINGS;
  const media = useAppSelector((s) => s.ptt.media);
  // The origin room is a VideoRoom room; on the mixing path the server refuses all-calls anyway.
  const sfu = media?.pttPath === 'sfu';
  const chatId = wanted && sfu && session ? allCallOriginId(session.ent.id, session.id) : null;
  const sharing = useMemo(() => sharingSession(createClient), [createClient]);
  const { room } = useRoom({
    media,
    token: session?.auth_token ?? null,
    chatId,
    microphoneId: settings.microphoneId || undefined,
    speakerId: undefined,
    createClient: sharing,
    bus,
  });
  return room;
}
