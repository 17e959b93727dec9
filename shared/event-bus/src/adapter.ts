import {
  CHANNEL_LISTEN_KINDS,
  DEVICE_INFO_KIND,
  GROUP_MESSAGE_KIND,
  PERSONAL_KIND,
  PTT_FLOOR_KIND,
  USER_LISTEN_KINDS,
  parseTopic,
  pttFloorFrameSchema,
  wsChannelEventSchema,
  wsDispatchEventSchema,
  wsEntEventSchema,
  wsFenceEventSchema,
  wsPatrolEventSchema,
  wsScreenEventSchema,
  wsUserEventSchema,
} from '@ptt/contracts';
import type { BusPayload, EventTopicName, Ws2Frame } from '@ptt/contracts';

/** One bus publication produced from a /ws2 frame. */
export type BusEvent = { [K in EventTopicName]: { topic: K; payload: BusPayload<K> } }[EventTopicName];

export interface AdapterLogger {
  info(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface FrameAdapter {
  /** The bus events of one frame, its data parsed; none for a frame that does not parse. */
  toBusEvents(frame: Ws2Frame): BusEvent[];
  /** Frames dropped because their data (or their kind) does not match the contracts, by kind. */
  droppedFrames(): Readonly<Record<string, number>>;
}

type Issue = { path: PropertyKey[]; message: string };
type Outcome = { event: BusEvent } | { issues: readonly Issue[] } | null;
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

function issuesOf<T>(result: Parsed<T>): { issues: readonly Issue[] } | null {
  return result.success ? null : { issues: result.error.issues };
}

/**
 * The ONE mapping from raw /ws2 frames to bus events (spec section 7): each frame's data is parsed
 * here, once, with the schema the server publishes it with; subscribers get typed payloads and
 * never parse again. Null: the spec gives this frame no bus event.
 */
function outcomeOf(frame: Ws2Frame): Outcome {
  const parsed = parseTopic(frame.topic);
  if (!parsed) return null;
  const { t: kind, data, topic } = frame;
  // Floor changes come on the channel topic (channels) or the user topic (temporary channels):
  // one bus topic for both.
  if (kind === PTT_FLOOR_KIND && (parsed.kind === 'channelListen' || parsed.kind === 'userListen')) {
    const floor = pttFloorFrameSchema.safeParse(data);
    return floor.success ? { event: { topic: 'ws/ptt', payload: floor.data } } : issuesOf(floor);
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
    case 'patrol':
      return null;
    case 'userListen': {
      // The spec's "anything else is a personal message": which one is in `t`.
      const named = oneOf(USER_LISTEN_KINDS, kind);
      const r = wsUserEventSchema.safeParse(named ? { kind, data, topic } : { kind: PERSONAL_KIND, t: kind, data, topic });
      return r.success ? { event: { topic: 'ws/user', payload: r.data } } : issuesOf(r);
    }
    case 'entListen': {
      const r = wsEntEventSchema.safeParse({ kind, data, topic });
      return r.success ? { event: { topic: 'ws/ent', payload: r.data } } : issuesOf(r);
    }
    case 'dispatch': {
      // Geofence alerts and fence changes (ADR 027).
      if (kind === 'WallAlert' || kind === 'FenceChange') {
        const fence = wsFenceEventSchema.safeParse({ kind, data, topic });
        return fence.success ? { event: { topic: 'ws/fence', payload: fence.data } } : issuesOf(fence);
      }
      // Missed checkpoints and patrol changes (ADR 029).
      if (kind === 'PatrolAlert' || kind === 'PatrolChange') {
        const patrol = wsPatrolEventSchema.safeParse({ kind, data, topic });
        return patrol.success ? { event: { topic: 'ws/patrol', payload: patrol.data } } : issuesOf(patrol);
      }
      const r = wsDispatchEventSchema.safeParse({ kind: DEVICE_INFO_KIND, t: kind, data, topic });
      return r.success ? { event: { topic: 'ws/dispatch', payload: r.data } } : issuesOf(r);
    }
    case 'channelListen': {
      const named = oneOf(CHANNEL_LISTEN_KINDS, kind);
      const r = wsChannelEventSchema.safeParse(named ? { kind, data, topic } : { kind: GROUP_MESSAGE_KIND, t: kind, data, topic });
      return r.success ? { event: { topic: 'ws/channel', payload: r.data } } : issuesOf(r);
    }
    // The large screen's frames (ADR 026): counts, floors with channel names, alerts, layouts.
    case 'screen': {
      const r = wsScreenEventSchema.safeParse({ kind, data, topic });
      return r.success ? { event: { topic: 'ws/screen', payload: r.data } } : issuesOf(r);
    }
  }
}

function issueText(issues: readonly Issue[]): string {
  return issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ');
}

/**
 * Frames that do not parse are counted and dropped here, the one place: a server and console out
 * of step would otherwise log on every frame, so each kind is logged once.
 */
export function createFrameAdapter(logger: AdapterLogger = console): FrameAdapter {
  const dropped: Record<string, number> = {};
  return {
    toBusEvents(frame) {
      const outcome = outcomeOf(frame);
      if (outcome === null) return [];
      if ('event' in outcome) return [outcome.event];
      const count = (dropped[frame.t] ?? 0) + 1;
      dropped[frame.t] = count;
      if (count === 1) logger.error(`/ws2 frames of kind "${frame.t}" do not match the contracts and are dropped`, frame.topic, issueText(outcome.issues));
      return [];
    },
    droppedFrames: () => ({ ...dropped }),
  };
}
