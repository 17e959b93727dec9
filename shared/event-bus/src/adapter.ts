import {
  CHANNEL_LISTEN_KINDS,
  DEVICE_INFO_KIND,
  ENT_LISTEN_KINDS,
  GROUP_MESSAGE_KIND,
  PERSONAL_KIND,
  PTT_FLOOR_KIND,
  pttFloorFrameSchema,
  USER_LISTEN_KINDS,
  parseTopic,
} from '@ptt/contracts';
import type { BusPayload, EventTopicName, Ws2Frame } from '@ptt/contracts';

/** One bus publication produced from a /ws2 frame. */
export type BusEvent = { [K in EventTopicName]: { topic: K; payload: BusPayload<K> } }[EventTopicName];

export interface AdapterLogger {
  info(...args: unknown[]): void;
}

function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * The ONE mapping from raw /ws2 frames to bus events (spec section 7). Remotes never see raw
 * frames; adding a topic or kind means changing this function and the contracts, nothing else.
 */
export function frameToBusEvents(frame: Ws2Frame, logger: AdapterLogger = console): BusEvent[] {
  const parsed = parseTopic(frame.topic);
  if (!parsed) return [];
  const { t: kind, data, topic } = frame;
  // Floor changes come on the channel topic (channels) or the user topic (temporary channels):
  // one bus topic for both, parsed here so a bad frame never reaches the PTT state.
  if (kind === PTT_FLOOR_KIND && (parsed.kind === 'channelListen' || parsed.kind === 'userListen')) {
    const floor = pttFloorFrameSchema.safeParse(data);
    return floor.success ? [{ topic: 'ws/ptt', payload: floor.data }] : [];
  }

  switch (parsed.kind) {
    // The spec ignores sos alert/ and user/onLine/. Heartbeats and device reports travel
    // client-to-server; one echoed back carries nothing for the UI.
    case 'sosAlert':
    case 'userOnline':
    case 'heartbeat':
    case 'location':
    case 'sos':
    case 'commandReply':
      return [];
    case 'userListen':
      return [{ topic: 'ws/user', payload: { kind: oneOf(USER_LISTEN_KINDS, kind) ? kind : PERSONAL_KIND, data, topic } }];
    case 'entListen':
      return oneOf(ENT_LISTEN_KINDS, kind) ? [{ topic: 'ws/ent', payload: { kind, data, topic } }] : [];
    case 'dispatch':
      if (kind === 'WallAlert') {
        logger.info('wall alert', data);
        return [];
      }
      return [{ topic: 'ws/dispatch', payload: { kind: DEVICE_INFO_KIND, data, topic } }];
    case 'channelListen':
      return [
        { topic: 'ws/channel', payload: { kind: oneOf(CHANNEL_LISTEN_KINDS, kind) ? kind : GROUP_MESSAGE_KIND, data, topic } },
      ];
  }
}
