// Test wiring for the PTT area: the console's real store, bus and i18n, a fake REST client and a
// fake media client (see fakeMedia.ts).
import { act, screen, waitFor } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@ptt/contracts';
import type { Floor, LocalSettings, Notification, PttFloorFrame, PttTalker, Session } from '@ptt/contracts';
import { selectChannel, useConsole } from '../../core';
import { ENT_ID, fakeApi, renderConsole, session } from '../../core/test';
import type { Handler } from '../../core/test';
import { PttPanel } from '../PttPanel';
import { PttRecent } from '../RecentList';
import { usePttSync } from '../usePttSync';
import { fakeMedia } from './fakeMedia';

// jsdom has no PointerEvent: without one, fireEvent.pointerDown carries no button or pointer id.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  Object.assign(window, { PointerEvent: PointerEventShim });
}

export const CHAT = `${ENT_ID}-1-1`;
export const ME: PttTalker = { uid: 3, nickname: 'Dispatcher 1' };
export const MEMBER: PttTalker = { uid: 7, nickname: 'Member 7' };
export const MEDIA = { available: true, janusPath: '/janus', plugin: 'janus.plugin.audiobridge' as const };

export function floor(holder: PttTalker | null, chatId = CHAT): Floor {
  return holder
    ? { chatId, holder, burstId: `b-${holder.uid}`, since: '2026-01-01T08:00:00.000Z', until: '2026-01-01T08:00:45.000Z' }
    : { chatId, holder: null, burstId: null, since: null, until: null };
}

export function frame(reason: PttFloorFrame['reason'], holder: PttTalker | null, previous: PttTalker | null = null, chatId = CHAT): PttFloorFrame {
  const f = floor(holder, chatId);
  // A change announced now: later than the grant in floor().
  return { ...f, since: f.since && '2026-01-01T08:00:10.000Z', reason, previous };
}

export interface SetupOptions {
  who?: Session;
  routes?: Record<string, Handler>;
  settings?: Partial<LocalSettings>;
  channelId?: number | null;
}

export function setupPtt({ who = session(), routes = {}, settings = {}, channelId = 1 }: SetupOptions = {}) {
  const media = fakeMedia();
  const api = fakeApi({
    'GET /api/ptt/media': () => MEDIA,
    'GET /api/ptt/floors': () => [],
    [`GET /api/ptt/recent/${CHAT}`]: () => [],
    'POST /api/ptt/floor': () => floor(ME),
    'POST /api/ptt/floor/release': (body) => floor(null, (body as { chatId: string }).chatId),
    ...routes,
  });
  const rendered = renderConsole(
    <>
      <PttSync />
      <PttPanel createClient={media.create} />
      <PttRecent />
    </>,
    api,
    who,
  );
  const notes: Notification[] = [];
  rendered.bus.on('notify').subscribe((n) => notes.push(n));
  act(() => rendered.bus.publish('settings', { ...DEFAULT_SETTINGS, pttMaxDurationS: 45, ...settings }));
  if (channelId !== null) act(() => void rendered.store.dispatch(selectChannel(channelId)));
  return { ...rendered, api, media, notes };
}

export type Setup = ReturnType<typeof setupPtt>;

/** Waits for the room of the selected channel and makes it connected. */
export async function connect(s: Setup) {
  await waitFor(() => expect(s.media.rooms).toHaveLength(1));
  s.media.last().set('connected');
  await waitFor(() => expect(screen.getByTestId('ptt-state')).toHaveAttribute('data-state', 'connected'));
  return s.media.last();
}

export const pttButton = () => screen.getByRole('button', { name: 'PTT' });

/** The request bodies sent to `path`, in order. */
export const posted = (s: Setup, path: string) => s.api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

/** What ConsoleSync does for PTT, without the rest of the console's loading. */
function PttSync() {
  const { api, bus, session } = useConsole();
  usePttSync(api, bus, session !== null);
  return null;
}
