import { useCallback, useEffect, useState } from 'react';
import { PERSONAL_KIND, TEMP_CHANNEL_KIND } from '@ptt/contracts';
import type { TempChannelMember } from '@ptt/contracts';
import { onSocketReopen, type ApiClient, type EventBus } from '@ptt/event-bus';
import { fetchCurrentTempChannels } from './api';

/** A temporary channel someone else started with this user in it. */
export interface JoinedTempChannel {
  id: number;
  chatId: string;
  createdBy: number;
  members: TempChannelMember[];
  /** Null while open; once closed, who hung up (null when unknown: it closed while we were away). */
  closed: { by: number | null } | null;
}

export interface JoinedTempChannels {
  /** Newest first; closed ones stay until dismissed, so the user sees that they ended. */
  channels: JoinedTempChannel[];
  dismiss: (id: number) => void;
}

/**
 * The open temporary channels this user was put in by someone else: `GET /api/temp-channels/current`
 * at start and after the socket comes back, then the TempChannel frames on `ws/user`. The ones the
 * user started are the live map's (its dialog is in their room).
 */
export function useTempChannels(api: ApiClient, bus: EventBus, selfUid: number | null): JoinedTempChannels {
  const [channels, setChannels] = useState<JoinedTempChannel[]>([]);

  useEffect(() => {
    if (selfUid === null) return;
    let abort = new AbortController();
    // Closed while a load was on its way: that answer may still list them as open.
    const closedIds = new Set<number>();
    const load = () => {
      abort.abort();
      abort = new AbortController();
      fetchCurrentTempChannels(api, abort.signal)
        .then((list) => {
          const open = list.filter((c) => c.state === 'open' && c.createdBy !== selfUid && !closedIds.has(c.id));
          setChannels((now) => {
            const known = new Set(now.map((c) => c.id));
            const openIds = new Set(open.map((c) => c.id));
            // Open ones we did not know about come first; ones that closed meanwhile are marked.
            const added = open.filter((c) => !known.has(c.id)).map((c) => ({ id: c.id, chatId: c.chatId, createdBy: c.createdBy, members: c.members, closed: null }));
            const kept = now.map((c) => (c.closed || openIds.has(c.id) ? c : { ...c, closed: { by: null } }));
            return [...added, ...kept];
          });
        })
        .catch(() => undefined); // offline: the next reconnect loads again
    };
    load();
    const status = onSocketReopen(bus, load);
    const frames = bus.on('ws/user').subscribe((event) => {
      if (event.kind !== PERSONAL_KIND || event.t !== TEMP_CHANNEL_KIND || event.data.createdBy === selfUid) return;
      const f = event.data;
      if (f.state === 'open') {
        setChannels((now) =>
          now.some((c) => c.id === f.tempChannelId) ? now : [{ id: f.tempChannelId, chatId: f.chatId, createdBy: f.createdBy, members: f.members, closed: null }, ...now],
        );
      } else {
        closedIds.add(f.tempChannelId);
        setChannels((now) => now.map((c) => (c.id === f.tempChannelId && !c.closed ? { ...c, closed: { by: f.closedBy } } : c)));
      }
    });
    return () => {
      abort.abort();
      status.unsubscribe();
      frames.unsubscribe();
    };
  }, [api, bus, selfUid]);

  const dismiss = useCallback((id: number) => setChannels((now) => now.filter((c) => c.id !== id)), []);
  return { channels, dismiss };
}
