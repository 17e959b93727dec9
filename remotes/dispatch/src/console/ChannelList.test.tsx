import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageType, Role } from '@ptt/contracts';
import type { ChatListItem, ChatMessage } from '@ptt/contracts';
import { ChannelList } from './ChannelList';
import { ConsoleSync } from './ConsoleSync';
import { ENT_ID, fakeApi, renderConsole, session, startRoutes } from '../core/test';

const GENERAL = `${ENT_ID}-1-1`;
const SECURITY = `${ENT_ID}-1-2`;
const PERSONAL = `${ENT_ID}-0-3-7`;

function text(id: number, chatId: string, from: string, body: string, channelId: number | null): ChatMessage {
  return {
    id, chatId, kind: channelId === null ? 'personal' : 'group', channelId, toUserId: channelId === null ? 3 : null,
    from: { uid: 7, nickname: from }, clientMsgId: null, createdAt: '2026-01-01T08:00:00.000Z', type: MessageType.Text, content: { text: body },
  };
}

const CHATS: ChatListItem[] = [
  { chatId: GENERAL, kind: 'group', title: 'General', channelId: 1, peerId: null, lastMessage: text(4, GENERAL, 'Member 1', '<b>gate</b> closed', 1), unread: 3 },
  { chatId: SECURITY, kind: 'group', title: 'Security', channelId: 2, peerId: null, lastMessage: null, unread: 999 },
  { chatId: PERSONAL, kind: 'personal', title: 'Member 1', channelId: null, peerId: 7, lastMessage: null, unread: 0 },
];

function setup() {
  const api = fakeApi({
    ...startRoutes(),
    'GET /api/chats': () => CHATS,
    'GET /api/channels': () => ({ items: [{ id: 1, name: 'General', createdAt: 'x', enabled: true, disbanded: false, disbandedAt: null, isEnterprise: true, memberCount: 8 }, { id: 2, name: 'Security', createdAt: 'x', enabled: false, disbanded: false, disbandedAt: null, isEnterprise: false, memberCount: 5 }], total: 2 }),
  });
  return renderConsole(
    <>
      <ConsoleSync />
      <ChannelList />
    </>,
    api,
  );
}

const rows = () => within(screen.getByRole('list', { name: 'Channels' })).getAllByRole('button');

describe('channel list', () => {
  it('lists group and personal chats with state, unread count and a plain-text preview', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [general, security, personal] = rows();
    expect(security).toHaveTextContent('999+');
    expect(security).toHaveTextContent('999+ unread');
    // General opened by itself (the enterprise channel), so its count is read.
    expect(general).not.toHaveTextContent('unread');
    // What a member typed shows as text, never as markup.
    expect(general).toHaveTextContent('Member 1: <b>gate</b> closed');
    expect(general?.querySelector('b')).toBeNull();
    await waitFor(() => expect(security).toHaveTextContent('Suspended'));
    expect(security).toHaveTextContent('No messages yet');
    expect(personal).toHaveTextContent('Personal');
  });

  it('opens the enterprise channel at first, and a clicked chat after that, clearing its count', async () => {
    const { store, bus } = setup();
    await waitFor(() => expect(store.getState().console.openChat?.chatId).toBe(GENERAL));
    expect(store.getState().console.selectedChannelId).toBe(1);
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
    act(() => bus.publish('ws/user', { kind: 'Personal', t: 'Message', topic: 'msg/listen/user/100001/3', data: text(9, PERSONAL, 'Member 1', 'call me', null) }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Member 1'));
    expect(rows()[0]).toHaveTextContent('1 unread');
    await userEvent.click(rows()[0]!);
    expect(store.getState().console.openChat).toMatchObject({ chatId: PERSONAL, kind: 'personal', peerId: 7 });
    expect(rows()[0]).not.toHaveTextContent('unread');
    // A personal chat leaves the member list on its channel.
    expect(store.getState().console.selectedChannelId).toBe(1);
    await userEvent.click(rows()[2]!);
    expect(store.getState().console.selectedChannelId).toBe(2);
  });

  it('follows suspension and resumption from the socket', async () => {
    const { bus } = setup();
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Suspended'));
    act(() => bus.publish('ws/channel', { kind: 'ChannelStatus', topic: 'msg/listen/channel/100001/2', data: { channelId: 2, enabled: true } }));
    expect(rows()[1]).not.toHaveTextContent('Suspended');
    act(() => bus.publish('ws/ent', { kind: 'ChannelChange', topic: 'msg/listen/ent/100001', data: { action: 'suspend', channelId: 1, name: 'General', enabled: false } }));
    expect(rows()[0]).toHaveTextContent('Suspended');
  });

  it('drops a channel the user left, with its members and chat, and asks again after a reconnect', async () => {
    const { store, bus } = setup();
    await waitFor(() => expect(store.getState().console.openChat?.chatId).toBe(GENERAL));
    act(() => bus.publish('ws/user', { kind: 'ChannelUserDel', topic: 'msg/listen/user/100001/3', data: { channelId: 1, reason: 'removed' } }));
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringMatching(/^Security/), expect.stringMatching(/^Member 1/)]);
    expect(store.getState().console.selectedChannelId).toBeNull();
    expect(store.getState().console.openChat).toBeNull();
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    act(() => bus.publish('socket/status', { state: 'closed', failures: 1 }));
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    // The server still lists General (this fake does not know it was left): the list came again.
    await waitFor(() => expect(rows()).toHaveLength(3));
  });
});

// Issue 15 item 14: an admin is in no channel; Dispatch must still let them dispatch (ADR 014).
describe('staff in no channel', () => {
  const channel = (id: number, name: string) => ({ id, name, createdAt: 'x', enabled: true, disbanded: false, disbandedAt: null, isEnterprise: id === 1, memberCount: 8 });

  function setupStaff(role: Role) {
    let chats: ChatListItem[] = [];
    const api = fakeApi({
      ...startRoutes(),
      'GET /api/chats': () => chats,
      'GET /api/channels': () => ({ items: [channel(1, 'General'), channel(2, 'Security')], total: 2 }),
      'POST /api/channels/1/members': () => {
        chats = [CHATS[0]!];
        return { items: [] };
      },
      'POST /api/channels/2/members': () => ({ items: [] }),
    });
    const rendered = renderConsole(
      <>
        <ConsoleSync />
        <ChannelList />
      </>,
      api,
      session({ id: 50, account: 'admin', nickname: 'Admin', role }),
    );
    return { ...rendered, api };
  }

  it('offers the organisation\'s channels to join, one or all, and shows them once joined', async () => {
    const { api } = setupStaff(Role.Admin);
    expect(await screen.findByText(/You are in no channel yet/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Join General' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ path: '/api/channels/1/members', body: { members: [{ userId: 50 }] } })]);
    const list = screen.getByRole('list', { name: 'Channels' });
    expect(await within(list).findByRole('button', { name: /General/ })).toBeInTheDocument();
    expect(screen.queryByTestId('join-channels')).not.toBeInTheDocument();
  });

  it('joins every channel with one click', async () => {
    const { api } = setupStaff(Role.SuperAdmin);
    await userEvent.click(await screen.findByRole('button', { name: 'Join all 2 channels' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/channels/1/members', '/api/channels/2/members']));
  });

  it('is not offered to an ordinary member', async () => {
    setupStaff(Role.User);
    expect(await screen.findByText('No channels or chats yet')).toBeInTheDocument();
    expect(screen.queryByTestId('join-channels')).not.toBeInTheDocument();
  });
});
