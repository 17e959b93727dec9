import { DEFAULT_SETTINGS, can } from '@ptt/contracts';
import type { MediaInfo, PttTalker } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { createMediaClient } from '@ptt/media';
import type { RoomConnection, RoomState } from '@ptt/media';
import { useBusState } from '@ptt/ui';
import type { CreateMediaClient, PressView } from '../ptt';
import { usePttPress, useRoom } from '../ptt';
import { useAppSelector } from '../core';

/** Spec section 4: a temporary channel room is connecting, connected, failed, or disconnected
 *  (dropped, or left at hang-up). */
export type TempRoomPhase = 'connecting' | 'connected' | 'failed' | 'disconnected';

export interface TempRoomOptions {
  api: ApiClient;
  bus: EventBus;
  /** The temporary channel's chat id (`{entId}-2-{id}`) while we are in it; null once left. */
  chatId: string | null;
  createClient?: CreateMediaClient;
}

/** A temporary channel's room as its controls show it, with its PTT button's press and release. */
export interface TempRoom {
  phase: TempRoomPhase;
  /** Who holds the floor now, from the floors the console follows (ws/ptt). */
  holder: PttTalker | null;
  selfUid: number | null;
  /** Staff may force-insert over the current talker. */
  canForce: boolean;
  view: PressView;
  press: (force?: boolean) => void;
  release: () => void;
}

function phaseOf(chatId: string | null, media: MediaInfo | null, room: RoomConnection | null, state: RoomState): TempRoomPhase {
  if (chatId === null) return 'disconnected';
  if (media === null) return 'connecting'; // GET /api/ptt/media has not answered yet
  if (!media.available) return 'failed';
  if (room?.chatId !== chatId) return 'connecting'; // the join is about to start
  switch (state) {
    case 'connecting':
    case 'connected':
    case 'disconnected':
      return state;
    case 'notConnected':
      return 'failed'; // the join gave up (it keeps retrying in the background)
  }
}

/**
 * The room of one temporary channel: joined while `chatId` is given, with floor control on that
 * chat id under the user's press-time and max-duration settings (the same hooks as the channel's
 * PTT). Reads the media answer and the floors that ConsoleSync's PTT sync keeps in the store.
 */
export function useTempRoom({ api, bus, chatId, createClient = createMediaClient }: TempRoomOptions): TempRoom {
  const session = useBusState(bus, 'session') ?? null;
  const settings = useBusState(bus, 'settings') ?? DEFAULT_SETTINGS;
  const media = useAppSelector((s) => s.ptt.media);
  const holder = useAppSelector((s) => (chatId === null ? null : (s.ptt.floors[chatId]?.holder ?? null)));
  const selfUid = session?.id ?? null;
  const { room, state } = useRoom({
    media,
    token: session?.auth_token ?? null,
    chatId,
    microphoneId: settings.microphoneId || undefined,
    speakerId: settings.speakerId || undefined,
    createClient,
    bus,
  });
  const { press, release, view } = usePttPress({ api, bus, chatId, room, selfUid, pressTimeMs: settings.pressTimeMs, maxDurationS: settings.pttMaxDurationS });
  return {
    phase: phaseOf(chatId, media, room, state),
    holder,
    selfUid,
    canForce: session !== null && can(session.role, 'ptt.force'),
    view,
    press,
    release,
  };
}
