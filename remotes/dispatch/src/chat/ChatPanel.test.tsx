import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageType } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { setLocale } from '@ptt/ui';
import { CHANNEL, CHAT, ME, PEER, textMessage } from './test/messages';
import { installLayout } from './test/layout';
import { FILE_ID, FILE_ACCESS, TOKEN, fakeApi, history, setup, signedNow, withType } from './test/panel';

// Fluent's popovers and dialogs are slow in jsdom on a busy machine.
jest.setTimeout(20_000);

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = installLayout();
});
afterEach(() => restoreLayout());

describe('ChatPanel', () => {
  it('shows every kind of message: text as text, media at signed URLs (never the token), cards, and system messages in words', async () => {
    const hostile = '<img src=x onerror="alert(1)"> <b>bold</b> https://example.org';
    const items = [
      textMessage(1, hostile),
      withType(2, MessageType.Image, { fileId: FILE_ID, name: 'gate.png', size: 2048 }),
      withType(3, MessageType.File, { fileId: FILE_ID, name: 'report.pdf', size: 1536 }),
      withType(4, MessageType.Location, { lng: 116.3974, lat: 39.9087, coord: 0 }),
      withType(5, MessageType.Expression, { code: 'thumbsup' }),
      withType(6, MessageType.Ptt, { fileId: FILE_ID, durationMs: 5000 }),
      withType(7, MessageType.AudioTalk, { durationMs: 83_000 }),
      withType(8, MessageType.Sos, { lng: 1, lat: 2 }),
      withType(9, MessageType.ChannelAddUser, { userIds: [31], byUserId: ME.uid }, ME),
    ];
    const api = fakeApi({
      get: (path) => {
        if (path === `/api/chats/${CHAT}/messages`) return history(items);
        if (path === '/api/users/31') return { id: 31, account: 'm31', nickname: 'New Member', role: 0, locked: false, avatar: null, dispatcherId: null, dispatcherNickname: null, channelRemark: null, tags: [], createdAt: '2025-01-01T00:00:00Z' };
        if (path === `/api/channels/${CHANNEL}/members`) return { items: [], total: 0, page: 1, size: 200 };
        throw new Error(path);
      },
      post: () => ({ chatId: CHAT, lastReadId: 9, unread: 0 }),
    });
    setup(api);
    const feed = await screen.findByRole('feed', { name: 'Messages of Enterprise' });

    expect(within(feed).getByText(hostile)).toBeInTheDocument();
    expect(feed.querySelector('b')).toBeNull();
    expect(within(feed).queryByRole('link', { name: /example\.org/ })).toBeNull();

    const thumb = within(feed).getByRole('img', { name: 'gate.png' });
    const src = thumb.getAttribute('src');
    expect(src).toMatch(new RegExp(`^/api/files/${FILE_ID}\\?l=${FILE_ACCESS.link}&x=\\d+&s=[\\w-]{43}$`));
    expect(src).toBe(signedNow(FILE_ID, src));
    await userEvent.click(within(feed).getByRole('button', { name: 'Open gate.png full size' }));
    // Found by text, not by accessible name: Fluent keeps an opening dialog invisible until its
    // motion runs, which jsdom on a busy machine may not get to (then nothing in it has a name).
    const dialog = await screen.findByRole('dialog', { hidden: true }, { timeout: 8000 });
    expect(dialog).toHaveTextContent('gate.png');
    expect(dialog.querySelector('img')).toHaveAttribute('src', src);
    await userEvent.click(within(dialog).getByText('Close').closest('button')!);

    expect(within(feed).getByRole('link', { name: 'Download report.pdf' })).toHaveAttribute('href', src);
    expect(within(feed).getByText('1.5 KB')).toBeInTheDocument();
    const location = within(feed).getByRole('group', { name: 'Location' });
    expect(within(location).getByText('Longitude 116.397400, latitude 39.908700')).toBeInTheDocument();
    expect(within(location).getByRole('button', { name: 'Show on map' })).toBeInTheDocument();
    expect(within(feed).getByRole('img', { name: 'Thumbs up' })).toBeInTheDocument();
    expect(within(feed).getByLabelText('PTT recording, 0:05')).toHaveAttribute('src', src);
    // Its length shows before it is played (issue 15: '0:00 / 0:00' until played).
    expect(within(feed).getByLabelText('PTT recording, 0:05')).toHaveAttribute('preload', 'metadata');
    expect(feed.innerHTML).not.toContain(TOKEN);
    expect(feed.innerHTML).not.toContain(FILE_ACCESS.key);
    expect(within(feed).getByText('Audio talk, 1:23')).toBeInTheDocument();
    expect(within(feed).getByText('SOS alert')).toBeInTheDocument();
    // The joiner's name comes from the user lookup (a dispatcher may read users).
    expect(await within(feed).findByText(/Dispatcher One added New Member to the channel/)).toBeInTheDocument();
    // The newest message is in view: the chat is marked read up to it.
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`/api/chats/${CHAT}/read`, { messageId: 9 }, expect.anything()));
  });

  it('shows a missed call to its callee, and as not answered to its caller (issue 15)', async () => {
    const items = [withType(1, MessageType.AudioTalk, { callId: 5, missed: true }), withType(2, MessageType.AudioTalk, { callId: 6, missed: true }, ME)];
    const api = fakeApi({
      get: (path) => {
        if (path === `/api/chats/${CHAT}/messages`) return history(items);
        if (path === `/api/channels/${CHANNEL}/members`) return { items: [], total: 0, page: 1, size: 200 };
        throw new Error(path);
      },
      post: () => ({ chatId: CHAT, lastReadId: 2, unread: 0 }),
    });
    setup(api);
    const feed = await screen.findByRole('feed', { name: 'Messages of Enterprise' });
    expect(await within(feed).findByText('Missed call')).toBeInTheDocument();
    expect(within(feed).getByText('Call not answered')).toBeInTheDocument();
    act(() => setLocale('zh'));
    expect(await within(feed).findByText('未接来电')).toBeInTheDocument();
    expect(within(feed).getByText('对方未接听')).toBeInTheDocument();
    act(() => setLocale('en'));
  });

  it('names users it cannot look up "user #id"', async () => {
    const api = fakeApi({
      get: (path) => {
        if (path === `/api/chats/${CHAT}/messages`) return history([withType(1, MessageType.ChannelRemoveUser, { userIds: [77], byUserId: 5 }, { uid: 5, nickname: 'Admin' })]);
        if (path === `/api/channels/${CHANNEL}/members`) return { items: [], total: 0, page: 1, size: 200 };
        throw new ApiError(2001, 'serverCode.2001', 403, 'no');
      },
      post: () => ({ chatId: CHAT, lastReadId: 1, unread: 0 }),
    });
    setup(api, 0);
    expect(await screen.findByText(/Admin removed user #77 from the channel/)).toBeInTheDocument();
    // A member may not read users: only the channel's members were asked.
    expect(api.get.mock.calls.map((c) => c[0])).not.toContain('/api/users/77');
  });

  it('sends text at once as pending, shows a refusal with Retry, and stores it once', async () => {
    let stored: ChatMessage | null = null;
    let attempts = 0;
    const api = fakeApi({
      get: () => history([textMessage(1, 'hello')]),
      post: (path, body) => {
        if (path.endsWith('/read')) return { chatId: CHAT, lastReadId: 1, unread: 0 };
        attempts += 1;
        if (attempts === 1) throw new ApiError(600, 'rule.sendingTooFast', 429, 'too fast');
        const b = body as { clientMsgId: string; content: { text: string } };
        stored = textMessage(2, b.content.text, ME, { clientMsgId: b.clientMsgId });
        return stored;
      },
    });
    const { bus } = setup(api);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'one{Shift>}{Enter}{/Shift}two{Enter}');
    expect(box).toHaveValue('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sending messages too fast, please wait a moment');
    expect(screen.getByText('one two', { normalizer: (s) => s.replace(/\s+/g, ' ') })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const sends = api.post.mock.calls.filter((c) => String(c[0]).endsWith('/messages'));
    expect(sends).toHaveLength(2);
    const [first, second] = sends.map((c) => c[1] as { clientMsgId: string; type: number });
    expect(second!.clientMsgId).toBe(first!.clientMsgId);
    expect(first).toMatchObject({ type: MessageType.Text, content: { text: 'one\ntwo' } });

    // The socket's echo of the same message adds nothing.
    act(() => bus.publish('ws/channel', { kind: 'GroupMessage', t: 'Message', data: stored!, topic: 'msg/listen/channel/100001/7' }));
    expect(screen.getAllByText('one two', { normalizer: (s) => s.replace(/\s+/g, ' ') })).toHaveLength(1);
  });

  it('shows messages of the open chat from the socket and ignores other payloads', async () => {
    const api = fakeApi({ get: () => history([textMessage(1, 'first')]), post: () => ({ chatId: CHAT, lastReadId: 1, unread: 0 }) });
    const { bus } = setup(api);
    await screen.findByText('first');
    act(() => {
      bus.publish('ws/channel', { kind: 'GroupMessage', t: 'Message', data: textMessage(2, 'from the radio'), topic: 'msg/listen/channel/100001/7' });
      bus.publish('ws/channel', { kind: 'GroupMessage', t: 'Message', data: textMessage(3, 'other channel', PEER, { chatId: '100001-1-8', channelId: 8 }), topic: 'msg/listen/channel/100001/8' });
      bus.publish('ws/user', { kind: 'Personal', t: 'DeviceCommand', data: { commandId: 4, command: 1, deviceId: 3, expiresAt: 'soon' }, topic: 'msg/listen/user/100001/11' });
      const notice = { noticeId: 9, title: 'notice', body: 'from the radio', from: PEER, sentAt: '2026-01-01T08:00:00.000Z' };
      bus.publish('ws/user', { kind: 'Personal', t: 'Notice', data: notice, topic: 'msg/listen/user/100001/11' });
    });
    expect(await screen.findByText('from the radio')).toBeInTheDocument();
    expect(screen.queryByText('other channel')).toBeNull();
  });

  it('reads the newest page again when the socket comes back', async () => {
    let page = [textMessage(1, 'before the outage')];
    const api = fakeApi({ get: () => history(page), post: () => ({ chatId: CHAT, lastReadId: 2, unread: 0 }) });
    const { bus } = setup(api);
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    await screen.findByText('before the outage');
    act(() => bus.publish('socket/status', { state: 'closed', failures: 1 }));
    page = [textMessage(1, 'before the outage'), textMessage(2, 'sent during the outage')];
    act(() => bus.publish('socket/status', { state: 'open', failures: 0 }));
    expect(await screen.findByText('sent during the outage')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    const api = fakeApi({ get: () => history([]) });
    setup(api);
    act(() => setLocale('zh'));
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '频道聊天：Enterprise' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
    act(() => setLocale('en'));
  });

  it("an SOS card with its SOS asks the console to show it (staff only); one without has no button", async () => {
    const items = [withType(1, MessageType.Sos, { sosId: 41, lng: 1, lat: 2 }), withType(2, MessageType.Sos, {})];
    const routes = { get: () => history(items), post: () => ({ chatId: CHAT, lastReadId: 2, unread: 0 }) };
    const { store } = setup(fakeApi(routes));
    const feed = await screen.findByRole('feed');
    const cards = await within(feed).findAllByRole('group', { name: 'SOS' });
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Open SOS' }));
    expect(store.getState().console.sosRequest).toEqual({ sosId: 41, seq: 1 });
    act(() => setLocale('zh'));
    expect(await within(cards[0]!).findByRole('button', { name: '打开 SOS' })).toBeInTheDocument();
    act(() => setLocale('en'));
  });

  it('a member sees the SOS card without the button', async () => {
    const items = [withType(1, MessageType.Sos, { sosId: 41 })];
    setup(fakeApi({ get: () => history(items), post: () => ({ chatId: CHAT, lastReadId: 1, unread: 0 }) }), 0);
    const card = await screen.findByRole('group', { name: 'SOS' });
    expect(within(card).getByText('SOS alert')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
