import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BehaviorSubject } from 'rxjs';
import type { DeviceCommandRecord, MonitorInfo } from '@ptt/contracts';
import type { InboundStats, MonitorClient, MonitorClientOptions, MonitorState, MonitorSubscription } from '@ptt/media';
import { CommandBar, useSendCommand } from '../commands';
import { selectMember } from '../core';
import { ConsoleSync } from '../console';
import { device, fakeApi, renderConsole, startRoutes } from '../core/test';
import type { Handler } from '../core/test';
import { setLocale } from '@ptt/ui';
import { MonitorDialog } from './MonitorDialog';
import type { CreateMonitorClient } from './useMonitorStream';
import { monitorOpened } from './slice';

const DEVICE = 21;
const ROOM = '100001-4-21';
const MEDIA = { available: true, janusPath: '/janus', plugin: 'janus.plugin.audiobridge' };
const AT = '2026-01-01T08:00:00.000Z';

class FakeSubscription implements MonitorSubscription {
  readonly state$ = new BehaviorSubject<MonitorState>('connecting');
  readonly stream$ = new BehaviorSubject<MediaStream | null>(null);
  muted = false;
  endCause: MonitorSubscription['endCause'] = null;
  reconnects = 0;
  left = false;
  constructor(readonly roomId: string) {}
  get state(): MonitorState {
    return this.state$.value;
  }
  get stream(): MediaStream | null {
    return this.stream$.value;
  }
  setMuted(muted: boolean): void {
    this.muted = muted;
  }
  reconnect(): void {
    this.reconnects += 1;
  }
  getInboundStats(): Promise<InboundStats | null> {
    return Promise.resolve(null);
  }
  leave(): void {
    this.left = true;
  }
}

function fakeMonitor() {
  const subs: FakeSubscription[] = [];
  const options: MonitorClientOptions[] = [];
  const create = (o: MonitorClientOptions): MonitorClient => {
    options.push(o);
    const mine: FakeSubscription[] = [];
    return {
      subscribe: (roomId) => {
        const s = new FakeSubscription(roomId);
        subs.push(s);
        mine.push(s);
        return s;
      },
      close: () => mine.forEach((s) => s.leave()),
    };
  };
  return { create, subs, options, last: () => subs[subs.length - 1]! };
}

function record(id: number, command: DeviceCommandRecord['command'], monitor?: MonitorInfo): DeviceCommandRecord {
  return { id, deviceId: DEVICE, command, state: 'sent', user: null, issuedBy: null, detail: null, createdAt: AT, updatedAt: AT, expiresAt: AT, ...(monitor ? { monitor } : {}) };
}

/** The dialog as the command bar mounts it: a camera flip is sent and recorded as a command. */
function Monitor({ createClient }: { createClient: CreateMonitorClient }) {
  return <MonitorDialog sendCommand={useSendCommand()} createClient={createClient} />;
}

function setup(info: MonitorInfo, routes: Record<string, Handler> = {}) {
  const media = fakeMonitor();
  const api = fakeApi({ 'GET /api/ptt/media': () => MEDIA, ...routes });
  const rendered = renderConsole(<Monitor createClient={media.create} />, api);
  act(() => {
    rendered.store.dispatch(monitorOpened({ deviceId: DEVICE, name: 'Member 1', ...info }));
  });
  return { ...rendered, api, media };
}

const set = (sub: FakeSubscription, state: MonitorState) => act(() => sub.state$.next(state));

describe('monitor dialog', () => {
  it('shows the device video with its state, mutes, reconnects, goes fullscreen, switches camera and stops', async () => {
    const requestFullscreen = jest.fn(() => Promise.resolve());
    Object.assign(HTMLElement.prototype, { requestFullscreen });
    const { api, media } = setup(
      { roomId: ROOM, kind: 'video', facing: 'front' },
      {
        [`POST /api/devices/${DEVICE}/commands`]: (body) => record(42, (body as { command: 0 | 1 }).command, { roomId: ROOM, kind: 'video', facing: 'rear' }),
        [`POST /api/devices/${DEVICE}/monitor/stop`]: () => ({ deviceId: DEVICE, stopped: true }),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Environment monitor: Member 1' });
    const state = within(dialog).getByTestId('monitor-state');
    expect(state).toHaveAttribute('data-state', 'connecting');
    await waitFor(() => expect(media.subs.map((s) => s.roomId)).toEqual([ROOM]));
    expect(media.options).toEqual([{ janusPath: '/janus', token: 'token' }]);
    const sub = media.last();
    const stream = { id: 'device-stream' } as unknown as MediaStream;
    act(() => sub.stream$.next(stream));
    set(sub, 'connected');
    expect(state).toHaveAttribute('data-state', 'connected');
    expect(state).toHaveTextContent('Connected');
    expect(within(dialog).getByTestId('monitor-facing')).toHaveTextContent('Front camera');
    const video = within(dialog).getByTestId<HTMLVideoElement>('monitor-video');
    expect(video.srcObject).toBe(stream);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(sub.muted).toBe(true);
    expect(video.muted).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unmute' }));
    expect(sub.muted).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconnect' }));
    expect(sub.reconnects).toBe(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fullscreen' }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen.mock.contexts[0]).toBe(video.parentElement);
    // Fullscreen shows only that container: the way back is inside it.
    const exitFullscreen = jest.fn(() => Promise.resolve());
    Object.assign(document, { exitFullscreen });
    Object.defineProperty(document, 'fullscreenElement', { value: video.parentElement, configurable: true });
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    await userEvent.click(within(video.parentElement!).getByRole('button', { name: 'Exit fullscreen' }));
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    expect(within(dialog).queryByRole('button', { name: 'Exit fullscreen' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch camera' }));
    await waitFor(() => expect(within(dialog).getByTestId('monitor-facing')).toHaveTextContent('Rear camera'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ command: 1 }]);
    // The same room: no new subscription.
    expect(media.subs).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'POST' && c.path === `/api/devices/${DEVICE}/monitor/stop`)).toBe(true);
    expect(sub.left).toBe(true);
  });

  it('listens without video, says when the session has ended and closes', async () => {
    const { media } = setup({ roomId: ROOM, kind: 'audio' });
    const dialog = await screen.findByRole('dialog', { name: 'Environment listen: Member 1' });
    expect(dialog).toHaveTextContent("Listening to the device's microphone");
    expect(within(dialog).queryByTestId('monitor-video')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('monitor-audio')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Switch camera' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Fullscreen' })).not.toBeInTheDocument();
    await waitFor(() => expect(media.subs).toHaveLength(1));
    set(media.last(), 'ended');
    expect(within(dialog).getByTestId('monitor-state')).toHaveTextContent('The session has ended');
    expect(within(dialog).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Device not found' or 'Failed to enter the room' when the device never joined, in both languages", async () => {
    const { media } = setup({ roomId: ROOM, kind: 'audio' });
    const dialog = await screen.findByRole('dialog', { name: 'Environment listen: Member 1' });
    await waitFor(() => expect(media.subs).toHaveLength(1));
    const state = within(dialog).getByTestId('monitor-state');
    expect(state).toHaveTextContent('Connecting…');
    act(() => {
      media.last().endCause = 'enterRoomFailed';
      media.last().state$.next('ended');
    });
    expect(state).toHaveTextContent('Failed to enter the room, please refresh');
    expect(state).not.toHaveTextContent('The session has ended');
    expect(state).toHaveAttribute('data-cause', 'enterRoomFailed');
    act(() => setLocale('zh'));
    expect(state).toHaveTextContent('进入房间失败，请刷新');
    act(() => setLocale('en'));
  });

  it("says 'Device not found' when the device never got the command", async () => {
    const { media } = setup({ roomId: ROOM, kind: 'video', facing: 'front' });
    const dialog = await screen.findByRole('dialog', { name: 'Environment monitor: Member 1' });
    await waitFor(() => expect(media.subs).toHaveLength(1));
    act(() => {
      media.last().endCause = 'deviceNotFound';
      media.last().state$.next('ended');
    });
    expect(within(dialog).getByTestId('monitor-state')).toHaveTextContent('Device not found');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('opens from the command bar when a listen command answers with its session', async () => {
    const api = fakeApi({
      ...startRoutes({ devices: [device(DEVICE, 7)] }),
      'GET /api/ptt/media': () => ({ ...MEDIA, available: false }),
      [`GET /api/devices/${DEVICE}/commands`]: () => ({ items: [], total: 0 }),
      [`POST /api/devices/${DEVICE}/commands`]: () => record(41, 2, { roomId: ROOM, kind: 'audio' }),
    });
    const { store } = renderConsole(
      <>
        <ConsoleSync />
        <CommandBar />
      </>,
      api,
    );
    act(() => {
      store.dispatch(selectMember(7));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Environment listen' }));
    const dialog = await screen.findByRole('dialog', { name: /^Environment listen: / });
    // Without a media server there is nothing to subscribe to: the dialog says so.
    await waitFor(() => expect(within(dialog).getByTestId('monitor-state')).toHaveAttribute('data-state', 'unavailable'));
  });
});
