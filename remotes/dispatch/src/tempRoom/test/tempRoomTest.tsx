// Test wiring for temporary channel rooms: the console's real store, bus and i18n, a fake REST
// client, the fake media client of the PTT tests, and the PTT sync the console runs (media answer,
// floors, ws/ptt frames).
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DEFAULT_SETTINGS } from '@ptt/contracts';
import type { Notification, Session, TempChannel, TempChannelFrame } from '@ptt/contracts';
import { ENT_ID, fakeApi, renderConsole, session } from '../../core/test';
import type { FakeApi, Handler } from '../../core/test';
import { MEDIA, fakeMedia } from '../../ptt/test';
import { usePttSync } from '../../ptt';
import { useConsole } from '../../core';

export { MEDIA };

export const DISPATCHER_2 = { uid: 9, account: 'dispatcher2', nickname: 'Dispatcher 2' };
export const MEMBER_1 = { uid: 5, account: 'member1', nickname: 'Member One' };

export function tempChannel(id: number, createdBy = DISPATCHER_2, members = [MEMBER_1]): TempChannel {
  const all = [createdBy, ...members].sort((a, b) => a.uid - b.uid);
  return { id, chatId: `${ENT_ID}-2-${id}`, createdBy: createdBy.uid, members: all, state: 'open', createdAt: '2026-01-01T08:00:00.000Z', closedAt: null, closedBy: null };
}

export function tempFrame(tc: TempChannel, closedBy: number | null = null): TempChannelFrame {
  return {
    tempChannelId: tc.id,
    chatId: tc.chatId,
    state: closedBy === null ? 'open' : 'closed',
    createdBy: tc.createdBy,
    closedBy,
    members: tc.members,
    createdAt: tc.createdAt,
    closedAt: closedBy === null ? null : '2026-01-01T08:05:00.000Z',
  };
}

function PttSync() {
  const { api, bus } = useConsole();
  usePttSync(api, bus, true);
  return null;
}

/** Renders `ui(media.create)` with the PTT sync beside it, signed in as `who`. */
export function renderTempRoom(ui: (create: ReturnType<typeof fakeMedia>['create']) => ReactElement, routes: Record<string, Handler>, who: Session = session()) {
  const media = fakeMedia();
  const api: FakeApi = fakeApi({
    'GET /api/ptt/media': () => MEDIA,
    'GET /api/ptt/floors': () => [],
    'POST /api/ptt/floor/release': (body) => ({ chatId: (body as { chatId: string }).chatId, holder: null, burstId: null, since: null, until: null }),
    ...routes,
  });
  const rendered = renderConsole(
    <>
      <PttSync />
      {ui(media.create)}
    </>,
    api,
    who,
  );
  const notes: Notification[] = [];
  rendered.bus.on('notify').subscribe((n) => notes.push(n));
  act(() => rendered.bus.publish('settings', { ...DEFAULT_SETTINGS, pttMaxDurationS: 45, pressTimeMs: 300 }));
  return { ...rendered, api, media, notes };
}

/** A frame on the user topic as the console's adapter passes it on. */
export function userFrame(bus: ReturnType<typeof renderTempRoom>['bus'], data: TempChannelFrame, uid = 3) {
  act(() => bus.publish('ws/user', { kind: 'Personal', t: 'TempChannel', data, topic: `msg/listen/user/${ENT_ID}/${uid}` }));
}

export const posted = (api: FakeApi, path: string) => api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);
