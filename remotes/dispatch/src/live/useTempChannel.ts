import { useCallback, useEffect, useRef, useState } from 'react';
import { tempChannelFrameSchema } from '@ptt/contracts';
import type { TempChannelMember } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { NS } from '../strings';
import { fetchCurrentTempChannels, hangUpTempChannel, startTempChannel } from './api';

/** The dispatcher's open temporary channel as the console shows it. */
export interface ActiveTempChannel {
  id: number;
  chatId: string;
  members: TempChannelMember[];
  /** Picked users the server left out (locked). */
  skippedUserIds: number[];
}

export interface TempChannelControl {
  active: ActiveTempChannel | null;
  busy: boolean;
  start: (userIds: number[]) => Promise<void>;
  hangUp: () => Promise<void>;
}

/**
 * Starting and hanging up the temporary channel this dispatcher created. The server keeps one
 * open per creator; its TempChannel frames (on `ws/user`, kind Personal) say when someone else
 * hung it up. The room itself (connecting, connected, failed) comes with the media issue.
 */
export function useTempChannel(api: ApiClient, bus: EventBus, selfUid: number | null): TempChannelControl {
  const [active, setActive] = useState<ActiveTempChannel | null>(null);
  const [busy, setBusy] = useState(false);
  const activeId = useRef<number | null>(null);
  activeId.current = active?.id ?? null;

  useEffect(() => {
    if (selfUid === null) return;
    const abort = new AbortController();
    // After a reload the one this dispatcher started is still open: keep it reachable to hang up.
    fetchCurrentTempChannels(api, abort.signal)
      .then((list) => {
        const mine = list.find((c) => c.createdBy === selfUid && c.state === 'open');
        if (mine) setActive((now) => now ?? { id: mine.id, chatId: mine.chatId, members: mine.members, skippedUserIds: [] });
      })
      .catch(() => undefined); // a member without the permission, or offline: nothing to restore
    const sub = bus.on('ws/user').subscribe(({ data }) => {
      const frame = tempChannelFrameSchema.safeParse(data);
      if (!frame.success || frame.data.state !== 'closed') return;
      if (frame.data.tempChannelId !== activeId.current) return;
      activeId.current = null;
      setActive(null);
      if (frame.data.closedBy !== selfUid) bus.publish('notify', { intent: 'info', key: `${NS}:live.temp.endedElsewhere` });
    });
    return () => {
      abort.abort();
      sub.unsubscribe();
    };
  }, [api, bus, selfUid]);

  const start = useCallback(
    async (userIds: number[]) => {
      setBusy(true);
      try {
        const started = await startTempChannel(api, userIds);
        setActive({ id: started.id, chatId: started.chatId, members: started.members, skippedUserIds: started.skippedUserIds });
      } catch (e) {
        bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.createSession.failure' });
      } finally {
        setBusy(false);
      }
    },
    [api, bus],
  );

  const hangUp = useCallback(async () => {
    if (!active) return;
    setBusy(true);
    try {
      await hangUpTempChannel(api, active.id);
      setActive(null);
    } catch (e) {
      // Already closed (someone else hung up): it is over either way.
      if (isApiError(e) && e.i18nKey === 'rule.callAlreadyUsed') setActive(null);
      else bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.operate.failure' });
    } finally {
      setBusy(false);
    }
  }, [active, api, bus]);

  return { active, busy, start, hangUp };
}
