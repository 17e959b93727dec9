import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { AT, ENT, alert, floorFrame, member, sos, summary } from '../test/fakes';
import { fakeMap, layers, renderScreen } from '../test/renderScreen';
import { LAYOUT_STORAGE_KEY } from '../layout/layout';

const count = (id: string) => screen.getByTestId(`screen-count-${id}`).textContent;

beforeEach(() => {
  localStorage.clear();
  layers.length = 0;
});
afterEach(() => act(() => setLocale('en')));

describe('screen page', () => {
  it('shows the organisation, the clock and the counts from the summary, then from ScreenCounts frames', async () => {
    const { screenFrame } = renderScreen();
    await waitFor(() => expect(count('online')).toBe('3'));
    expect(screen.getByTestId('screen-org')).toHaveTextContent('Demo Organisation');
    expect(screen.getByTestId('screen-clock').textContent).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect([count('talking'), count('sos'), count('offline')]).toEqual(['0', '0', '7']);
    screenFrame({ kind: 'ScreenCounts', data: { online: 5, talking: 2, sos: 1, offline: 5, total: 10 } });
    expect([count('online'), count('talking'), count('sos'), count('offline')]).toEqual(['5', '2', '1', '5']);
  });

  it('lists open SOS with an age coloured hot after a minute and hotter after five, and their acknowledgement', async () => {
    const now = Date.now();
    const iso = (ago: number) => new Date(now - ago).toISOString();
    const { publish } = renderScreen({ summary: summary({ at: new Date(now).toISOString(), sos: [sos({ sosId: 1, startedAt: iso(400_000) }), sos({ sosId: 2, uid: 22, account: 'member2', nickname: 'Member 2', startedAt: iso(90_000) })] }) });
    const panel = await screen.findByTestId('screen-sos');
    await waitFor(() => expect(within(panel).getAllByTestId('screen-sos-item')).toHaveLength(2));
    const [first, second] = within(panel).getAllByTestId('screen-sos-item');
    expect(first).toHaveAttribute('data-heat', 'hotter');
    expect(second).toHaveAttribute('data-heat', 'hot');
    expect(second).toHaveTextContent('Member 2 (member2)');
    expect(second).toHaveTextContent('Not acknowledged');
    publish('ws/ent', { kind: 'SosMsg', data: sos({ sosId: 3, uid: 23, nickname: 'Member 3', account: 'member3', startedAt: iso(1_000) }), topic: 'msg/listen/ent/100001' });
    publish('ws/ent', { kind: 'SosMsg', data: sos({ sosId: 2, uid: 22, startedAt: iso(90_000), ackedAt: AT, ackedBy: { id: 3, nickname: 'Dispatcher 1' } }), topic: 'msg/listen/ent/100001' });
    const items = within(panel).getAllByTestId('screen-sos-item');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('Acknowledged by Dispatcher 1');
    expect(items[2]).toHaveAttribute('data-heat', 'normal');
    publish('ws/ent', { kind: 'SosMsg', data: sos({ sosId: 1, state: 'closed', closedAt: AT }), topic: 'msg/listen/ent/100001' });
    expect(within(panel).getAllByTestId('screen-sos-item')).toHaveLength(2);
  });

  it('shows who talks in which channel from floor frames, then the ended burst', async () => {
    const { screenFrame } = renderScreen();
    const panel = await screen.findByTestId('screen-activity');
    expect(panel).toHaveTextContent('Nobody is talking');
    screenFrame({ kind: 'ScreenFloor', data: floorFrame({ since: new Date().toISOString() }) });
    const talk = within(panel).getByTestId('screen-talk');
    expect(talk).toHaveTextContent('Night shift');
    expect(talk).toHaveTextContent('Member 1');
    expect(within(talk).getByTestId('screen-talk-seconds').textContent).toMatch(/^0:0\d$/);
    screenFrame({ kind: 'ScreenFloor', data: floorFrame({ holder: null, since: null, reason: 'released', previous: { uid: 21, nickname: 'Member 1' } }) });
    expect(within(panel).queryByTestId('screen-talk')).toBeNull();
    expect(within(panel).getByTestId('screen-ended')).toHaveTextContent('Night shift');
    expect(panel).toHaveTextContent('Recent');
  });

  it('lists alerts newest first and keeps at most 20', async () => {
    const { screenFrame } = renderScreen({ summary: summary({ alerts: [alert(1)] }) });
    const panel = await screen.findByTestId('screen-alerts');
    await waitFor(() => expect(within(panel).getAllByTestId('screen-alert')).toHaveLength(1));
    for (let i = 2; i <= 30; i++) screenFrame({ kind: 'ScreenAlert', data: alert(i, { nickname: `Member ${i}`, account: `member${i}`, type: i % 2 === 0 ? 'stay' : 'leave' }) });
    const items = within(panel).getAllByTestId('screen-alert');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent('Member 30');
    expect(items[0]).toHaveTextContent('Inside Depot');
    expect(items[1]).toHaveTextContent('Left Depot');
  });

  it('puts the members on the map, framed once, moved by positions and coloured by status and SOS', async () => {
    const { publish, screenFrame } = renderScreen({ members: [member(21), member(22, { status: 'offline' })] });
    const map = screen.getByTestId('screen-map');
    await waitFor(() => expect(map).toHaveAttribute('data-members', '2'));
    const layer = layers[0]!;
    await waitFor(() => expect(layer.members).toHaveLength(2));
    expect(layer.pushed[0]).toHaveLength(2);
    expect(fakeMap.leaflet.fitBounds).toHaveBeenCalledTimes(1);
    publish('ws/dispatch', { kind: 'DeviceInfo', t: 'Location', data: { uid: 23, lng: 116.4, lat: 39.9, coord: 0, time: 1_772_352_100_000 }, topic: 'dispatch/100001' });
    expect(layer.pushed.at(-1)).toEqual([{ uid: 23, lng: 116.4, lat: 39.9, time: 1_772_352_100_000 }]);
    await waitFor(() => expect(map).toHaveAttribute('data-members', '3'));
    publish('ws/ent', { kind: 'OnLine', data: { uid: 22, account: 'member22', nickname: 'Member 22', status: 'online' }, topic: 'msg/listen/ent/100001' });
    publish('ws/ent', { kind: 'SosMsg', data: sos({ uid: 21 }), topic: 'msg/listen/ent/100001' });
    await waitFor(() => expect(layer.members.find((m) => m.uid === 22)?.status).toBe('online'));
    await waitFor(() => expect(layer.members.find((m) => m.uid === 21)?.status).toBe('busy'));
    screenFrame({ kind: 'ScreenCounts', data: { online: 3, talking: 0, sos: 1, offline: 0, total: 3 } });
    expect(fakeMap.leaflet.fitBounds).toHaveBeenCalledTimes(1);
  });

  it('reads the summary and the members again after every reconnect, and says when the link is lost', async () => {
    const { get, socket, state } = renderScreen();
    socket('open');
    await waitFor(() => expect(count('online')).toBe('3'));
    const reads = (path: string) => get.mock.calls.filter(([p]) => p === path).length;
    const before = [reads('/api/screen/summary'), reads('/api/screen/members')];
    socket('closed', 1);
    expect(screen.getByTestId('screen-link')).toHaveTextContent('Reconnecting…');
    expect(screen.getByTestId('screen-link')).toHaveAttribute('data-state', 'reconnecting');
    state.summary = summary({ counts: { online: 8, talking: 0, sos: 0, offline: 2, total: 10 } });
    socket('open');
    await waitFor(() => expect(count('online')).toBe('8'));
    expect([reads('/api/screen/summary'), reads('/api/screen/members')]).toEqual([before[0]! + 1, before[1]! + 1]);
    expect(screen.getByTestId('screen-link')).toHaveAttribute('data-state', 'live');
  });

  it('turns the banner red after five minutes without a link', async () => {
    jest.useFakeTimers({ now: Date.now() });
    const { socket } = renderScreen();
    socket('open');
    socket('closed', 1);
    expect(screen.getByTestId('screen-link')).toHaveAttribute('data-state', 'reconnecting');
    await act(() => jest.advanceTimersByTimeAsync(5 * 60_000 + 1_000));
    expect(screen.getByTestId('screen-link')).toHaveAttribute('data-state', 'lost');
    expect(screen.getByTestId('screen-link')).toHaveTextContent('Connection lost for 5 min');
    jest.useRealTimers();
  });

  it('in display mode follows its own layout and the ScreenLayout frames for its id, without buttons', async () => {
    const { screenFrame } = renderScreen({ role: Role.User, me: { ent: ENT, display: { id: 3, name: 'Wall', layout: { map: false, left: ['alerts'], right: [] } } } });
    await waitFor(() => expect(screen.getByTestId('screen-page')).toHaveAttribute('data-mode', 'display'));
    expect(screen.queryByTestId('screen-counts')).toBeNull();
    expect(screen.getByTestId('screen-alerts')).toBeInTheDocument();
    expect(screen.queryByTestId('screen-map')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    screenFrame({ kind: 'ScreenLayout', data: { displayId: 4, layout: { map: true, left: ['sos'], right: [] } } });
    expect(screen.queryByTestId('screen-sos')).toBeNull();
    screenFrame({ kind: 'ScreenLayout', data: { displayId: 3, layout: { map: true, left: ['counts'], right: ['sos'] } } });
    expect(screen.getByTestId('screen-counts')).toBeInTheDocument();
    expect(screen.getByTestId('screen-sos')).toBeInTheDocument();
    expect(screen.getByTestId('screen-map')).toBeInTheDocument();
    expect(screen.queryByTestId('screen-alerts')).toBeNull();
  });

  it('in the console keeps the layout chosen in the Panels dialog in this browser', async () => {
    renderScreen({ role: Role.Dispatcher });
    await userEvent.click(await screen.findByRole('button', { name: 'Panels' }));
    const dialog = screen.getByRole('dialog', { name: 'Panels' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Place of Alerts'), 'left');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Alerts up' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Place of Talking now'), 'off');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show the map' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(LAYOUT_STORAGE_KEY)!)).toEqual({ map: false, left: ['counts', 'sos', 'alerts'], right: [] });
    expect(screen.queryByTestId('screen-map')).toBeNull();
    expect(screen.queryByTestId('screen-activity')).toBeNull();
    // Dispatchers do not manage displays.
    expect(screen.queryByRole('button', { name: 'Displays' })).toBeNull();
  });

  it('refuses an empty screen in the Panels dialog', async () => {
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Panels' }));
    const dialog = screen.getByRole('dialog', { name: 'Panels' });
    for (const name of ['Counts', 'Open SOS', 'Talking now', 'Alerts']) await userEvent.selectOptions(within(dialog).getByLabelText(`Place of ${name}`), 'off');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show the map' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Show the map or at least one panel')).toBeInTheDocument();
    expect(localStorage.getItem(LAYOUT_STORAGE_KEY)).toBeNull();
  });

  it('speaks Chinese', async () => {
    renderScreen();
    act(() => setLocale('zh'));
    await waitFor(() => expect(count('online')).toBe('3'));
    expect(screen.getByTestId('screen-counts')).toHaveTextContent('在线');
    expect(screen.getByRole('button', { name: '面板' })).toBeInTheDocument();
  });
});
