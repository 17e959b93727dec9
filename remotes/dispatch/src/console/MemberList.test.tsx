import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@ptt/contracts';
import { PAGE_CONCURRENCY, selectChannel } from '../core';
import { MemberList } from './MemberList';
import { ConsoleSync } from './ConsoleSync';
import { device, fakeApi, member, renderConsole, session, startRoutes } from '../core/test';
import type { Handler } from '../core/test';

// jsdom lays nothing out: give scroll containers a height so the virtual list renders rows.
const VIEW_HEIGHT_PX = 520;
let clientHeight: PropertyDescriptor | undefined;
beforeAll(() => {
  clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEW_HEIGHT_PX });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

/** Members answered page by page, as the server does (size 200, sorted by user id). */
function pagedMembers(total: number): Handler {
  return (_body, query) => {
    const page = Number(query?.page ?? 1);
    const size = Number(query?.size ?? 20);
    const items = [];
    for (let uid = (page - 1) * size + 1; uid <= Math.min(total, page * size); uid++) items.push(member(uid, `Member ${uid}`));
    return { items, total: Math.min(total, 10_001) };
  };
}

function setup(routes: Record<string, Handler>, who = session()) {
  const api = fakeApi({ ...startRoutes(), ...routes });
  const rendered = renderConsole(
    <>
      <ConsoleSync />
      <MemberList />
    </>,
    api,
    who,
  );
  act(() => {
    rendered.store.dispatch(selectChannel(1));
  });
  return { ...rendered, api };
}

const rows = () => screen.getAllByTestId('member-row');

describe('member list', () => {
  it('shows 10,000 members online first while rendering only the rows in view', async () => {
    const presence = [{ uid: 9_999, status: 'online' }, { uid: 42, status: 'busy' }];
    const { api } = setup({ 'GET /api/channels/1/members': pagedMembers(10_000), 'GET /api/presence': () => presence });
    // 51 pages of fake answers: slow on a loaded CI machine, so this test waits longer than most.
    await waitFor(() => expect(screen.getByText('2 of 10000 online')).toBeInTheDocument(), { timeout: 45_000 });
    // 50 full pages, then a short one, asked for PAGE_CONCURRENCY at a time.
    expect(api.calls.filter((c) => c.path === '/api/channels/1/members').length).toBeLessThanOrEqual(51 + PAGE_CONCURRENCY);
    expect(rows().length).toBeLessThan(40);
    expect(within(rows()[0]!).getByTestId('member-info')).toHaveTextContent('Busy · User');
    expect(rows()[0]).toHaveTextContent('Member 42');
    expect(rows()[1]).toHaveTextContent('Member 9999');
    expect(within(rows()[2]!).getByTestId('member-info')).toHaveTextContent('Offline');
  }, 60_000);

  it('follows presence frames and searches by name or account', async () => {
    const { bus } = setup({ 'GET /api/channels/1/members': () => ({ items: [member(7, 'Alice'), member(8, 'Bob', { account: 'guard8' }), member(9, 'Carol')], total: 3 }) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringMatching(/^Alice/), expect.stringMatching(/^Bob/), expect.stringMatching(/^Carol/)]);
    act(() => bus.publish('ws/ent', { kind: 'OnLine', topic: 'msg/listen/ent/100001', data: { uid: 9, account: 'acc9', nickname: 'Carol', status: 'online' } }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/^Carol.*Online/));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'GUARD');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Bob');
  });

  it('shows devices to staff, with the actions a dispatcher may take', async () => {
    const { store } = setup({
      'GET /api/channels/1/members': () => ({ items: [member(3, 'Dispatcher 1', { role: Role.Dispatcher }), member(7, 'Alice')], total: 2 }),
      'GET /api/devices': () => ({ items: [device(21, 7)], total: 1 }),
    });
    const row = (name: string) => rows().find((r) => r.textContent?.startsWith(name))!;
    await waitFor(() => expect(within(row('Alice')).getByTestId('member-info')).toHaveTextContent('Offline · User · Handset 21 (Android)'));
    expect(within(row('Dispatcher 1')).getByTestId('member-info')).toHaveTextContent('Dispatcher · No device');
    // No messaging or calling oneself.
    expect(within(row('Dispatcher 1')).queryByRole('button', { name: /^Call/ })).not.toBeInTheDocument();
    await userEvent.click(within(row('Alice')).getByRole('button', { name: 'Message Alice' }));
    expect(store.getState().console.openChat).toEqual({ chatId: '100001-0-3-7', kind: 'personal', title: 'Alice', channelId: null, peerId: 7 });
    await userEvent.click(within(row('Alice')).getByRole('button', { name: 'Actions for Alice' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Locate on the map' }));
    expect(store.getState().console.focus).toEqual({ uid: 7, seq: 1 });
    expect(store.getState().console.selectedUserId).toBe(7);
    await userEvent.click(within(row('Alice')).getByRole('button', { name: 'Actions for Alice' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Location track' }));
    expect(store.getState().console.trackUserId).toBe(7);
    await userEvent.click(within(row('Alice')).getByRole('button', { name: 'Call Alice' }));
    expect(store.getState().console.callRequest).toEqual({ uid: 7, seq: 1 });
  });

  it('hides devices, locating and tracks from a member, who may not read them', async () => {
    const { api } = setup({ 'GET /api/channels/1/members': () => ({ items: [member(7, 'Alice')], total: 1 }) }, session({ id: 8, role: Role.User }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByTestId('member-info')).toHaveTextContent(/^Offline · User$/);
    expect(within(rows()[0]!).queryByRole('button', { name: 'Actions for Alice' })).not.toBeInTheDocument();
    expect(within(rows()[0]!).getByRole('button', { name: 'Call Alice' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/devices')).toBe(false);
  });

  it('loads the members again when some are added to the channel', async () => {
    let members = [member(7, 'Alice')];
    const { bus } = setup({ 'GET /api/channels/1/members': () => ({ items: members, total: members.length }) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    members = [...members, member(8, 'Bob')];
    act(() => bus.publish('ws/channel', { kind: 'ChannelUserAdd', topic: 'msg/listen/channel/100001/1', data: { channelId: 1, userIds: [8] } }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('moves between rows with the arrow keys and selects with Enter', async () => {
    const { store } = setup({ 'GET /api/channels/1/members': () => ({ items: [member(7, 'Alice'), member(8, 'Bob'), member(9, 'Carol')], total: 3 }) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const main = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
    main('Alice').focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(main('Bob')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowUp}');
    await waitFor(() => expect(main('Bob')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(store.getState().console.selectedUserId).toBe(8);
    expect(main('Bob')).toHaveAttribute('aria-pressed', 'true');
  });
});
