import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { PERSONAL_KIND, TEMP_CHANNEL_KIND } from '@ptt/contracts';
import type { TempChannelMember } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import type { CreateMediaClient } from '../ptt';
import { NS } from '../core';
import { fetchCurrentTempChannels, hangUpTempChannel, startTempChannel, useTempRoom } from '../tempRoom';
import type { TempRoom } from '../tempRoom';

/** The dispatcher's open temporary channel as the console shows it. */
export interface ActiveTempChannel {
  id: number;
  chatId: string;
  members: TempChannelMember[];
  /** Picked users the server left out (locked). */
  skippedUserIds: number[];
}

/** How the last one ended: this dispatcher hung up, or someone else did (or replaced it). */
export type TempChannelEnd = 'hungUp' | 'endedElsewhere';

export interface TempChannelControl {
  active: ActiveTempChannel | null;
  /** Its room while it is open; `disconnected` once hung up. */
  room: TempRoom;
  /** Set when the active one ended, until a new call or `clearEnded`. */
  ended: TempChannelEnd | null;
  busy: boolean;
  start: (userIds: number[]) => Promise<void>;
  hangUp: () => Promise<void>;
  clearEnded: () => void;
}

/**
 * Starting and hanging up the temporary channel this dispatcher created, and being in its room
 * while it is open (whether its dialog shows or not). The server keeps one open per creator; its
 * TempChannel frames (on `ws/user`, kind Personal) say when someone else hung it up.
 */
export function useTempChannel(api: ApiClient, bus: EventBus, selfUid: number | null, createClient?: CreateMediaClient): TempChannelControl {
  const [active, setActive] = useState<ActiveTempChannel | null>(null);
  const [ended, setEnded] = useState<TempChannelEnd | null>(null);
  const [busy, setBusy] = useState(false);
  // Hanging up leaves the room first: the server destroys it with the channel, and a room still
  // joined would see that as a failure and try to rejoin.
  const [leaving, setLeaving] = useState(false);
  const activeId = useRef<number | null>(null);
  activeId.current = active?.id ?? null;
  const room = useTempRoom({ api, bus, chatId: active && !leaving ? active.chatId : null, createClient });

  useEffect(() => {
    if (selfUid === null) return;
    const abort = new AbortController();
    // After a reload the one this dispatcher started is still open: back into its room.
    fetchCurrentTempChannels(api, abort.signal)
      .then((list) => {
        const mine = list.find((c) => c.createdBy === selfUid && c.state === 'open');
        if (mine) setActive((now) => now ?? { id: mine.id, chatId: mine.chatId, members: mine.members, skippedUserIds: [] });
      })
      .catch(() => undefined); // a member without the permission, or offline: nothing to restore
    const sub = bus.on('ws/user').subscribe((event) => {
      if (event.kind !== PERSONAL_KIND || event.t !== TEMP_CHANNEL_KIND) return;
      const frame = event.data;
      if (frame.state !== 'closed' || frame.tempChannelId !== activeId.current) return;
      activeId.current = null;
      setActive(null);
      const elsewhere = frame.closedBy !== selfUid;
      setEnded(elsewhere ? 'endedElsewhere' : 'hungUp');
      if (elsewhere) bus.publish('notify', { intent: 'info', key: `${NS}:live.temp.endedElsewhere` });
    });
    return () => {
      abort.abort();
      sub.unsubscribe();
    };
  }, [api, bus, selfUid]);

  const start = useCallback(
    async (userIds: number[]) => {
      setBusy(true);
      setEnded(null);
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
    const over = () => {
      activeId.current = null;
      setActive(null);
      setEnded('hungUp');
    };
    flushSync(() => {
      setBusy(true);
      setLeaving(true);
    });
    try {
      await hangUpTempChannel(api, active.id);
      over();
    } catch (e) {
      // Already closed (someone else hung up): it is over either way.
      if (isApiError(e) && e.i18nKey === 'rule.callAlreadyUsed') over();
      else bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.operate.failure' });
    } finally {
      setBusy(false);
      setLeaving(false);
    }
  }, [active, api, bus]);

  const clearEnded = useCallback(() => setEnded(null), []);

  return { active, room, ended, busy, start, hangUp, clearEnded };
}
