import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMBED_MESSAGES, Role, ServerCode } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { setEmbedder } from '@ptt/ui';
import { record } from '../test/fakes';
import { language, renderSos } from '../test/renderSos';

const first = record({ id: 1, startedAt: '2026-03-01T08:00:00.000Z' });
const second = record({ id: 2, user: { uid: 22, account: 'member2', nickname: 'Member 2' }, lng: null, lat: null, device: null, deviceId: null, startedAt: '2026-03-01T08:01:00.000Z' });
const dispatcher = { id: 3, nickname: 'Dispatcher 1' };

const rows = () => screen.queryAllByTestId('sos-row');
const waiting = () => screen.getByTestId('sos-waiting');
const alarm = () => screen.getByTestId('sos-alarm');

beforeAll(() => {
  // jsdom has no 2D canvas: the favicon badge draws on this stand-in.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ beginPath() {}, arc() {}, fill() {}, fillText() {} }) as unknown as ReturnType<HTMLCanvasElement['getContext']>,
  );
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,BADGE');
});
afterEach(() => {
  language('en');
  setEmbedder(null);
  document.title = '';
});

describe('SOS page', () => {
  it('lists the open SOS oldest first with their facts, the count, the title and the favicon badge', async () => {
    const icon = Object.assign(document.createElement('link'), { rel: 'icon', href: '/favicon.ico' });
    document.head.append(icon);
    document.title = 'PTT dispatch console';
    const { get, unmount } = renderSos({ open: [first, second] });
    expect(screen.getByRole('heading', { level: 1, name: 'SOS management' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(get).toHaveBeenCalledWith('/api/sos', expect.objectContaining({ query: { state: 'open', size: 200, sort: 'startedAt', order: 'asc' } }));
    const [one, two] = rows();
    expect(one).toHaveTextContent('Member 1 (member1)');
    expect(one).toHaveTextContent('Handset 01');
    expect(one).toHaveTextContent('39.90900, 116.39700');
    expect(one).toHaveTextContent('Not acknowledged');
    expect(within(one!).getByTestId('sos-waited').textContent).toMatch(/^\d{2,}:\d{2}$/);
    expect(two).toHaveTextContent('Member 2 (member2)');
    expect(two).toHaveTextContent('No device');
    expect(two).toHaveTextContent('No position');

    expect(waiting()).toHaveTextContent('Waiting: 2');
    expect(document.title).toBe('(2) SOS management');
    expect(icon.getAttribute('href')).toBe('data:image/png;base64,BADGE');

    unmount();
    expect(document.title).toBe('PTT dispatch console');
    expect(icon.getAttribute('href')).toBe('/favicon.ico');
    icon.remove();
  });

  it('says nobody is in SOS when the queue is empty, with the plain title and a silent alarm', async () => {
    renderSos();
    expect(await screen.findByText('Nobody in SOS')).toBeInTheDocument();
    expect(waiting()).toHaveTextContent('Waiting: 0');
    expect(document.title).toBe('SOS management');
    expect(alarm()).toHaveAttribute('data-sound', 'off');
  });

  it('keeps the queue live from SosMsg frames: raise, acknowledgement, escalation, close', async () => {
    const { frame } = renderSos({ open: [second] });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(alarm()).toHaveAttribute('data-sound', 'playing');
    expect(alarm()).toHaveAttribute('data-level', '1');

    // An older one raised elsewhere lands first in the list.
    frame(first);
    expect(rows().map((r) => r.getAttribute('data-sos-id'))).toEqual(['1', '2']);
    expect(waiting()).toHaveTextContent('Waiting: 2');
    expect(document.title).toBe('(2) SOS management');

    // Member 2's escalates: the louder level.
    frame({ ...second, escalatedAt: '2026-03-01T08:02:00.000Z' });
    expect(rows()[1]).toHaveTextContent('Escalated');
    expect(alarm()).toHaveAttribute('data-level', '2');

    // Acknowledged (on another console): the row says who; escalated but taken, so level 1 again.
    frame({ ...second, escalatedAt: '2026-03-01T08:02:00.000Z', ackedAt: '2026-03-01T08:03:00.000Z', ackedBy: dispatcher });
    expect(rows()[1]).toHaveTextContent('Acknowledged by Dispatcher 1');
    expect(alarm()).toHaveAttribute('data-level', '1');
    expect(alarm()).toHaveAttribute('data-sound', 'playing'); // Member 1's is still waiting
    frame({ ...first, ackedAt: '2026-03-01T08:03:00.000Z', ackedBy: dispatcher });
    expect(alarm()).toHaveAttribute('data-sound', 'off');
    // An acknowledged SOS stays in the queue until it is closed.
    expect(waiting()).toHaveTextContent('Waiting: 2');

    // A late frame without the acknowledgement does not take it back.
    frame({ ...first, lng: 116.5 });
    expect(rows()[0]).toHaveTextContent('Acknowledged by Dispatcher 1');
    expect(alarm()).toHaveAttribute('data-sound', 'off');

    frame({ ...first, state: 'closed', closedAt: '2026-03-01T08:05:00.000Z' });
    expect(rows()).toHaveLength(1);
    expect(waiting()).toHaveTextContent('Waiting: 1');
    // A closed SOS never comes back, whatever arrives after.
    frame(first);
    expect(rows()).toHaveLength(1);
    frame({ ...second, state: 'closed' });
    expect(await screen.findByText('Nobody in SOS')).toBeInTheDocument();
    expect(document.title).toBe('SOS management');
  });

  it('says the link is lost while the socket is down, in both languages, and reads the queue again when it is back', async () => {
    const { get, socket, state } = renderSos({ open: [first] });
    socket('open');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const reads = () => get.mock.calls.filter(([path]) => path === '/api/sos').length;
    const before = reads();
    expect(screen.queryByText('SOS cannot be connected, refresh the page')).toBeNull();

    socket('closed', 1);
    expect(screen.getByText('SOS cannot be connected, refresh the page')).toBeInTheDocument();
    socket('connecting', 1); // retrying: the message stays
    expect(screen.getByText('SOS cannot be connected, refresh the page')).toBeInTheDocument();
    language('zh');
    expect(screen.getByText('SOS 无法连接，请刷新页面')).toBeInTheDocument();
    language('en');

    // Raised while the page was cut off: only a new read can show it.
    state.open = [first, second];
    socket('open');
    expect(screen.queryByText('SOS cannot be connected, refresh the page')).toBeNull();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(reads()).toBe(before + 1);
    expect(waiting()).toHaveTextContent('Waiting: 2');
  });

  it('a socket that never opened is not a lost link until it fails', () => {
    const { socket } = renderSos();
    socket('connecting');
    expect(screen.queryByTestId('sos-link-lost')).toBeNull();
    socket('closed', 1);
    expect(screen.getByTestId('sos-link-lost')).toHaveTextContent('SOS cannot be connected, refresh the page');
  });

  it('shows the empty state and the count in Chinese', async () => {
    renderSos();
    await screen.findByText('Nobody in SOS');
    language('zh');
    expect(screen.getByText('没有人处于 SOS')).toBeInTheDocument();
    expect(waiting()).toHaveTextContent('等待中：0');
    expect(screen.getByRole('heading', { level: 1, name: 'SOS 管理' })).toBeInTheDocument();
  });

  it('acknowledges the selected SOS: the alarm stops and the row says who', async () => {
    const { post } = renderSos({ open: [first] });
    post.mockResolvedValueOnce({ ...first, ackedAt: '2026-03-01T08:00:30.000Z', ackedBy: dispatcher });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(alarm()).toHaveAttribute('data-sound', 'playing');
    await userEvent.click(rows()[0]!);
    const detail = screen.getByTestId('sos-detail');
    expect(within(detail).getByRole('heading', { name: /SOS from Member 1/ })).toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Acknowledge' }));
    expect(post).toHaveBeenCalledWith('/api/sos/1/ack', {}, expect.anything());
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Acknowledged by Dispatcher 1'));
    expect(within(detail).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(detail).getByTestId('sos-acked-by')).toHaveTextContent('Dispatcher 1');
    expect(alarm()).toHaveAttribute('data-sound', 'off');
  });

  it('shows a refused acknowledgement in its words', async () => {
    const { post } = renderSos({ open: [first] });
    post.mockRejectedValueOnce(new ApiError(ServerCode.UserStatusError, 'rule.sosAlreadyClosed', 409, 'closed', { reason: 'sosAlreadyClosed' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(rows()[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('The SOS has already been closed')).toBeInTheDocument();
  });

  it('closes the selected SOS with a note; a refusal stays in the dialog in its words', async () => {
    const { post } = renderSos({ open: [first, second] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(rows()[1]!);
    post.mockRejectedValueOnce(new ApiError(ServerCode.UserStatusError, 'rule.sosAlreadyClosed', 409, 'closed', { reason: 'sosAlreadyClosed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close SOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close SOS' });
    await userEvent.type(within(dialog).getByLabelText(/^Note/), '  Called back, member safe ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close SOS' }));
    expect(await within(dialog).findByText('The SOS has already been closed')).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('/api/sos/2/close', { note: 'Called back, member safe' }, expect.anything());

    post.mockResolvedValueOnce({ ...second, state: 'closed', closedAt: '2026-03-01T08:05:00.000Z', dispatcher, closeNote: 'Called back, member safe' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close SOS' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(1);
    expect(waiting()).toHaveTextContent('Waiting: 1');
    expect(screen.getByText('Choose an SOS in the list to handle it.')).toBeInTheDocument();
  });

  it('a close without a note sends none', async () => {
    const { post } = renderSos({ open: [first] });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(rows()[0]!);
    post.mockResolvedValueOnce({ ...first, state: 'closed' });
    await userEvent.click(screen.getByRole('button', { name: 'Close SOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close SOS' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close SOS' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/sos/1/close', {}, expect.anything()));
  });

  it('a browser that blocks sound is told so, and a click enables it', async () => {
    renderSos({ open: [first], blocked: true });
    await waitFor(() => expect(alarm()).toHaveAttribute('data-sound', 'blocked'));
    expect(alarm()).toHaveTextContent('Sound is blocked by the browser');
    await userEvent.click(screen.getByRole('button', { name: 'Click to enable sound' }));
    expect(alarm()).toHaveAttribute('data-sound', 'playing');
    expect(alarm()).toHaveAttribute('data-context', 'running');
    expect(screen.queryByRole('button', { name: 'Click to enable sound' })).toBeNull();
  });

  it('any first click or key on the page unlocks the sound', async () => {
    const { siren } = renderSos({ open: [first], blocked: true });
    await waitFor(() => expect(alarm()).toHaveAttribute('data-sound', 'blocked'));
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    expect(siren.state).toBe('playing');
  });

  it('lists closed SOS in the Closed tab with who closed them and the note', async () => {
    const closed = record({
      id: 9,
      state: 'closed',
      closedAt: '2026-03-01T09:00:00.000Z',
      dispatcher,
      ackedAt: '2026-03-01T08:00:20.000Z',
      ackedBy: dispatcher,
      escalatedAt: '2026-03-01T08:00:10.000Z',
      closeNote: 'Called back, member safe',
    });
    const { get } = renderSos({ closed: [closed] });
    await userEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    const row = await screen.findByTestId('sos-closed-row');
    expect(get).toHaveBeenCalledWith('/api/sos', expect.objectContaining({ query: expect.objectContaining({ state: 'closed', sort: 'closedAt', order: 'desc' }) as unknown }));
    expect(row).toHaveTextContent('Member 1 (member1)');
    expect(row).toHaveTextContent('Dispatcher 1');
    expect(row).toHaveTextContent('Called back, member safe');
    expect(row).toHaveTextContent('Yes');
    expect(screen.queryByTestId('sos-row')).toBeNull();
  });

  it('is for staff only', () => {
    renderSos({ role: Role.User });
    expect(screen.getByRole('heading', { level: 1, name: 'SOS management' })).toBeInTheDocument();
    expect(screen.getByText('Insufficient permissions')).toBeInTheDocument();
    expect(screen.queryByTestId('sos-waiting')).toBeNull();
    expect(screen.queryByTestId('sos-alarm')).toBeNull();
  });

  it('offers the settings to managers only and saves them', async () => {
    const { put } = renderSos({ role: Role.Admin, settings: { escalateAfterS: 60, embedOrigins: ['https://a.example'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    // The form replaces the loading dialog once the settings are read.
    const seconds = await screen.findByLabelText(/^Escalation time/);
    const dialog = screen.getByRole('dialog', { name: 'SOS settings' });
    expect(seconds).toHaveValue(60);
    const origins = within(dialog).getByLabelText(/^Sites allowed to embed/);
    expect(origins).toHaveValue('https://a.example');
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '2');
    await userEvent.type(origins, '{Enter}https://B.example{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter whole seconds from 5 to 3600')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await userEvent.type(seconds, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/sos/settings', { escalateAfterS: 20, embedOrigins: ['https://a.example', 'https://b.example'] }, expect.anything()));
    expect(await screen.findByText('SOS settings saved.')).toBeInTheDocument();
  });

  it('has no settings for dispatchers', () => {
    renderSos({ role: Role.Dispatcher });
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('embedded, tells the accepted site each new count', async () => {
    const site = { postMessage: jest.fn() };
    setEmbedder({ origin: 'https://partner.example', target: site });
    const { frame } = renderSos();
    await screen.findByText('Nobody in SOS');
    expect(site.postMessage).toHaveBeenLastCalledWith({ type: EMBED_MESSAGES.waiting, waiting: 0 }, 'https://partner.example');
    frame(first);
    expect(site.postMessage).toHaveBeenLastCalledWith({ type: EMBED_MESSAGES.waiting, waiting: 1 }, 'https://partner.example');
  });
});

describe('SOS detail', () => {
  it('environment listen: the Voice command to the SOS device, the room subscribed and played, Stop ends it', async () => {
    const { post, monitor } = renderSos({ open: [first] });
    post.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith('/commands') ? { id: 40, deviceId: 5, command: 2, state: 'sent', monitor: { roomId: '100001-4-5', kind: 'audio' } } : { deviceId: 5, stopped: true }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(rows()[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Environment listen' }));
    expect(post).toHaveBeenCalledWith('/api/devices/5/commands', { command: 2 }, expect.anything());
    await waitFor(() => expect(monitor.subscriptions).toHaveLength(1));
    const sub = monitor.subscriptions[0]!;
    expect(sub.roomId).toBe('100001-4-5');
    expect(monitor.options[0]).toEqual({ janusPath: '/janus', token: 'tok' });
    expect(screen.getByTestId('sos-listen-state')).toHaveTextContent('Connecting…');
    act(() => sub.state$.next('connected'));
    expect(screen.getByTestId('sos-listen-state')).toHaveTextContent('Listening');
    expect(screen.getByRole('button', { name: 'Environment listen' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Stop listening' }));
    expect(post).toHaveBeenCalledWith('/api/devices/5/monitor/stop', {}, expect.anything());
    expect(sub.left).toBe(true);
    expect(screen.queryByTestId('sos-listen-state')).toBeNull();
  });

  it('environment listen needs a device: disabled, with the reason', async () => {
    renderSos({ open: [second] });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(rows()[0]!);
    const listen = screen.getByRole('button', { name: 'Environment listen' });
    expect(listen).toBeDisabled();
    expect(listen).toHaveAccessibleDescription('Environment listen needs a device bound to the member.');
  });

  it('shows the timeline', async () => {
    renderSos({
      open: [first],
      events: [
        { id: 1, sosId: 1, type: 'raised', by: null, at: '2026-03-01T08:00:00.000Z', note: null },
        { id: 2, sosId: 1, type: 'escalated', by: null, at: '2026-03-01T08:01:00.000Z', note: '60' },
        { id: 3, sosId: 1, type: 'acknowledged', by: dispatcher, at: '2026-03-01T08:01:10.000Z', note: null },
      ],
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(rows()[0]!);
    const timeline = await screen.findByTestId('sos-timeline');
    expect([...timeline.querySelectorAll('li')].map((li) => li.getAttribute('data-type'))).toEqual(['raised', 'escalated', 'acknowledged']);
    expect(timeline).toHaveTextContent('Escalated: not acknowledged within 60 s');
    expect(timeline).toHaveTextContent('Acknowledged by Dispatcher 1');
  });
});
