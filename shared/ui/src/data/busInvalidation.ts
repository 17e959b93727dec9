import type { EventBus } from '@ptt/event-bus';
import type { DataTag } from './serverApi';

type InvalidatingTopic = 'ws/ent' | 'ws/user' | 'ws/channel' | 'ws/dispatch' | 'ws/fence' | 'ws/patrol';

/**
 * Which bus events change which lists (spec section 7's kinds; a catch-all kind is keyed
 * `kind/t` with the frame's own kind, a PatrolChange `kind/what`). Presence (OnLine, Login, Logout)
 * does not refetch user lists, which would be a refetch storm at shift change; only the login
 * records follow it.
 */
export const BUS_INVALIDATIONS: Record<InvalidatingTopic, Partial<Record<string, readonly DataTag[]>>> = {
  'ws/ent': {
    UserAdd: ['User', 'OperationRecord'],
    UserUp: ['User', 'OperationRecord'],
    UserDel: ['User', 'OperationRecord'],
    UserLock: ['User', 'OperationRecord'],
    ChannelChange: ['Channel', 'OperationRecord'],
    SosMsg: ['Sos'],
    Login: ['LoginRecord'],
    Logout: ['LoginRecord'],
  },
  'ws/user': { SosLog: ['Sos'], ChannelUserDel: ['Channel'], ChannelStatus: ['Channel'] },
  'ws/channel': { ChannelUserAdd: ['Channel'], ChannelStatus: ['Channel'] },
  // Positions and command states also come as DeviceInfo; only a device's own change is a list change.
  'ws/dispatch': { 'DeviceInfo/DeviceChange': ['Device'] },
  // A fence created, changed or deleted anywhere (ADR 027); a new cross-border record.
  'ws/fence': { FenceChange: ['Fence', 'OperationRecord'], WallAlert: ['FenceAlert', 'Fence'] },
  // Patrol (ADR 029): plans change rarely; runs and check-ins move with every check-in.
  'ws/patrol': {
    'PatrolChange/node': ['PatrolNode', 'PatrolTask', 'OperationRecord'],
    'PatrolChange/task': ['PatrolTask', 'PatrolRun', 'OperationRecord'],
    'PatrolChange/run': ['PatrolRun'],
    'PatrolChange/checkin': ['PatrolRun'],
    PatrolAlert: ['PatrolRun'],
  },
};

/** Events closer together than this are one refetch. */
export const INVALIDATION_WINDOW_MS = 300;

/**
 * Turns bus events into tag invalidations, gathered over a short window so a burst of UserUp
 * frames (a batch edit on another console) is one refetch per list, not one per frame.
 */
export function bindBusInvalidation(bus: EventBus, invalidate: (tags: DataTag[]) => void, windowMs = INVALIDATION_WINDOW_MS): () => void {
  const pending = new Set<DataTag>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const tags = [...pending];
    pending.clear();
    if (tags.length > 0) invalidate(tags);
  };
  const subscriptions = (Object.keys(BUS_INVALIDATIONS) as InvalidatingTopic[]).map((topic) =>
    bus.on(topic).subscribe((event: { kind: string; t?: string; data?: unknown }) => {
      const rules = BUS_INVALIDATIONS[topic];
      const sub = event.t ?? (event.kind === 'PatrolChange' ? (event.data as { what?: string } | undefined)?.what : undefined);
      const tags = (sub ? rules[`${event.kind}/${sub}`] : undefined) ?? rules[event.kind];
      if (!tags) return;
      for (const tag of tags) pending.add(tag);
      timer ??= setTimeout(flush, windowMs);
    }),
  );
  return () => {
    for (const s of subscriptions) s.unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
