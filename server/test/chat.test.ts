import {
  CHAT_MESSAGE_KIND,
  HeartbeatEvent,
  HeartbeatMethod,
  MessageType,
  RULES,
  ServerCode,
  buildHeartbeat,
  chatHistorySchema,
  chatId,
  chatListItemSchema,
  chatMessageSchema,
  heartbeatFrame,
  personalChatId,
  topics,
  type ChatHistory,
  type ChatListItem,
  type ChatMessage,
  type ChatRead,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { z } from 'zod';
import { MemorySendLimiter } from '../src/chat/send-limiter';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

type Who =
  | 'superadmin' | 'admin' | 'dispatcher1' | 'dispatcher2'
  | 'member1' | 'member2' | 'member3' | 'member4' | 'member5' | 'member6'
  | 'other1' | 'guard1';


const isMessage = (pred: (m: ChatMessage) => boolean) => (f: Ws2Frame) => f.t === CHAT_MESSAGE_KIND && pred(f.data as ChatMessage);

describe('MemorySendLimiter', () => {
  it('allows 10 sends in 5 s per key, refuses the 11th without counting it, and forgets after the window', async () => {
    let now = 1_000;
    const limiter = new MemorySendLimiter(10, 5000, () => now);
    for (let i = 0; i < 10; i++) expect(await limiter.take('a')).toBe(true);
    expect(await limiter.take('a')).toBe(false);
    expect(await limiter.take('b')).toBe(true);
    now += 4_999;
    expect(await limiter.take('a')).toBe(false);
    now += 1;
    expect(await limiter.take('a')).toBe(true);
  });
});

describe.each(DB_KINDS)('chat on %s', (kind) => {
  let t: TestApp;
  let baseUrl = '';
  const sessions = {} as Record<Who, Session>;
  const ids = {} as Record<Who, number>;
  const channels = {} as Record<'General' | 'Security' | 'Logistics' | 'Operations', number>;
  const open: WsProbe[] = [];

  const token = (who: Who) => sessions[who].auth_token;
  const call = <T>(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => api<T>(t.app, method, url, token(who), body);
  const connect = async (who: Who): Promise<WsProbe> => {
    const p = await WsProbe.open(baseUrl, token(who));
    open.push(p);
    await p.ping(); // subscribed once the pong is back
    return p;
  };
  const group = (name: keyof typeof channels, entId = DEMO_ENT_ID) => chatId(entId, channels[name]);
  const send = (who: Who, chat: string, body: unknown) => call<ChatMessage>(who, 'POST', `/api/chats/${chat}/messages`, body);
  const text = (s: string) => ({ type: MessageType.Text, content: { text: s } });
  const chatsOf = async (who: Who): Promise<ChatListItem[]> => {
    const r = await call<ChatListItem[]>(who, 'GET', '/api/chats');
    expect(r.body.code).toBe(0);
    return z.array(chatListItemSchema).parse(r.body.data);
  };
  const unreadOf = async (who: Who, chat: string) => (await chatsOf(who)).find((c) => c.chatId === chat)?.unread;
  const upload = async (who: Who): Promise<string> =>
    (await uploadFile<{ id: string }>(t.app, '/api/files', token(who), PNG_1PX, 'a.png')).body.data.id;
  /** No chat message on these sockets: a round trip proves anything published before has arrived. */
  const noMessages = async (sockets: WsProbe[], pred: (m: ChatMessage) => boolean) => {
    for (const s of sockets) {
      await s.ping();
      expect(s.frames.filter(isMessage(pred))).toEqual([]);
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    const logins: [Who, string, number][] = [
      ['superadmin', 'superadmin', DEMO_ENT_ID],
      ['admin', 'admin', DEMO_ENT_ID],
      ['dispatcher1', 'dispatcher1', DEMO_ENT_ID],
      ['dispatcher2', 'dispatcher2', DEMO_ENT_ID],
      ...[1, 2, 3, 4, 5, 6].map((n): [Who, string, number] => [`member${n}` as Who, `member${n}`, DEMO_ENT_ID]),
      ['other1', 'dispatcher1', SECOND_ENT_ID],
      ['guard1', 'guard1', SECOND_ENT_ID],
    ];
    for (const [who, account, entId] of logins) {
      sessions[who] = await loginAs(t.app, account, entId);
      ids[who] = sessions[who].id;
    }
    const rows = await t.db.query<{ id: number; name: keyof typeof channels }>('select id, name from channels');
    for (const c of rows.rows) channels[c.name] = c.id;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("delivers a group message to every member's socket, not to others or another enterprise", async () => {
    const [m1, m2, d1, m4, other] = await Promise.all([connect('member1'), connect('member2'), connect('dispatcher1'), connect('member4'), connect('other1')]);
    const r = await send('member1', group('Security'), text('<b>hello</b> Security'));
    expect(r.status).toBe(200);
    const m = chatMessageSchema.parse(r.body.data);
    expect(m).toMatchObject({
      chatId: group('Security'),
      kind: 'group',
      channelId: channels.Security,
      toUserId: null,
      from: { uid: ids.member1, nickname: 'Member 1' },
      type: MessageType.Text,
      content: { text: '<b>hello</b> Security' },
      clientMsgId: null,
    });
    for (const s of [m1, m2, d1]) {
      const f = await s.waitFor(isMessage((x) => x.id === m.id));
      expect(f).toEqual({ code: 0, topic: topics.channelListen(DEMO_ENT_ID, channels.Security), data: m, t: CHAT_MESSAGE_KIND });
    }
    await noMessages([m4, other], (x) => x.id === m.id);
  });

  it("delivers a personal message to the recipient and the sender's own sockets only", async () => {
    const [sender, senderTab, recipient, bystander, staff] = await Promise.all([
      connect('member4'), connect('member4'), connect('member5'), connect('member6'), connect('dispatcher1'),
    ]);
    const r = await call<ChatMessage>('member4', 'POST', `/api/users/${ids.member5}/messages`, text('hi five'));
    expect(r.status).toBe(200);
    const m = chatMessageSchema.parse(r.body.data);
    expect(m).toMatchObject({ chatId: personalChatId(DEMO_ENT_ID, ids.member4, ids.member5), kind: 'personal', channelId: null, toUserId: ids.member5 });
    const f = await recipient.waitFor(isMessage((x) => x.id === m.id));
    expect(f.topic).toBe(topics.userListen(DEMO_ENT_ID, ids.member5));
    expect((await senderTab.waitFor(isMessage((x) => x.id === m.id))).topic).toBe(topics.userListen(DEMO_ENT_ID, ids.member4));
    await sender.waitFor(isMessage((x) => x.id === m.id));
    await noMessages([bystander, staff], (x) => x.id === m.id);
    // Both people find the chat in their list under the same id; the recipient has it unread.
    expect((await chatsOf('member5')).find((c) => c.chatId === m.chatId)).toMatchObject({ kind: 'personal', peerId: ids.member4, title: 'Member 4', unread: 1, lastMessage: m });
    expect((await chatsOf('member4')).find((c) => c.chatId === m.chatId)).toMatchObject({ peerId: ids.member5, unread: 0 });
    // The personal chat id works on the chat routes too, for either person.
    const h = await call<ChatHistory>('member5', 'GET', `/api/chats/${m.chatId}/messages`);
    expect(h.body.data.items.map((x) => x.id)).toEqual([m.id]);
    expect((await call('member6', 'GET', `/api/chats/${m.chatId}/messages`)).body.code).toBe(ServerCode.ChatIdError);
  });

  it('accepts every client type (0-5, 7) with its content and refuses bad content with 2004', async () => {
    const fileId = await upload('dispatcher2');
    const chat = group('General');
    const good = [
      text('plain text\nsecond line'),
      { type: MessageType.Image, content: { fileId, name: 'a.png', size: PNG_1PX.length } },
      { type: MessageType.Audio, content: { fileId, durationMs: 3000 } },
      { type: MessageType.Video, content: { fileId } },
      { type: MessageType.Expression, content: { code: 'smile' } },
      { type: MessageType.Location, content: { lng: 116.397, lat: 39.908, coord: 1, address: 'Beijing' } },
      { type: MessageType.File, content: { fileId, name: 'report.png' } },
    ];
    for (const body of good) {
      const r = await send('dispatcher2', chat, body);
      expect({ type: body.type, code: r.body.code }).toEqual({ type: body.type, code: 0 });
      expect(r.body.data).toMatchObject(body);
    }
    const bad: unknown[] = [
      {},
      { type: MessageType.Text },
      text(''),
      text('   '),
      text('x'.repeat(2001)),
      text('nul \u0000 inside'),
      { type: MessageType.Image, content: {} },
      { type: MessageType.Image, content: { fileId: '../../etc/passwd' } },
      { type: MessageType.Audio, content: { fileId, durationMs: -1 } },
      { type: MessageType.Expression, content: { code: 'two words' } },
      { type: MessageType.Location, content: { lng: 181, lat: 0, coord: 0 } },
      { type: MessageType.Location, content: { lng: 0, lat: 0, coord: 2 } },
      { type: MessageType.Sos, content: { lng: 10 } },
      { type: MessageType.Ptt, content: { fileId, durationMs: 0 } },
      { type: MessageType.AudioTalk, content: { durationMs: 'long' } },
      { type: MessageType.ChannelAddUser, content: { userIds: [1], byUserId: 1 } },
      { type: 10, content: {} },
      { ...text('ok'), clientMsgId: 'has space' },
    ];
    for (const body of bad) {
      const r = await send('dispatcher2', chat, body);
      expect({ body, status: r.status, code: r.body.code }).toEqual({ body, status: 400, code: ServerCode.ParameterError });
    }
    // Attachments must be files of the sender's enterprise.
    const foreign = await upload('other1');
    for (const id of [foreign, 'A'.repeat(24)]) {
      const r = await send('dispatcher2', chat, { type: MessageType.File, content: { fileId: id } });
      expect([r.status, r.body.code]).toEqual([404, ServerCode.NotFound]);
    }
  });

  it('refuses the server-written types 6, 8, 9 and 200-203 from any client with 2004, on both send routes', async () => {
    const fileId = await upload('member1');
    // Well-formed content, even an SOS of another enterprise: only the server writes these cards.
    const forged = [
      { type: MessageType.Sos, content: { sosId: 1, lng: 116.4, lat: 39.9 } },
      { type: MessageType.Ptt, content: { fileId, durationMs: 1500 } },
      { type: MessageType.AudioTalk, content: { durationMs: 60_000 } },
      ...[200, 201, 202, 203].map((type) => ({ type, content: { userIds: [ids.member1], byUserId: ids.admin } })),
    ];
    const before = (await t.db.query<{ n: number }>('select count(*)::int as n from messages')).rows[0]!.n;
    for (const who of ['member1', 'dispatcher1'] as const) {
      for (const url of [`/api/chats/${group('Security')}/messages`, `/api/users/${ids.member2}/messages`]) {
        for (const body of forged) {
          const r = await call<{ issues: { path: string; message: string }[] }>(who, 'POST', url, body);
          expect({ who, url, type: body.type, status: r.status, code: r.body.code }).toEqual({ who, url, type: body.type, status: 400, code: ServerCode.ParameterError });
          expect(r.body.data.issues).toEqual([expect.objectContaining({ path: 'type', message: 'validation.messageTypeServerOnly' })]);
        }
      }
    }
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from messages')).rows[0]!.n).toBe(before);
  });

  it('pages history backwards with before and size, oldest first within a page', async () => {
    const sent: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const [from, to] = i % 2 ? (['superadmin', 'admin'] as const) : (['admin', 'superadmin'] as const);
      const r = await call<ChatMessage>(from, 'POST', `/api/users/${ids[to]}/messages`, text(`line ${i}`));
      sent.push(r.body.data.id);
    }
    const pages: number[][] = [];
    let before: number | undefined;
    for (;;) {
      const r = await call<ChatHistory>('admin', 'GET', `/api/users/${ids.superadmin}/messages?size=3${before ? `&before=${before}` : ''}`);
      const h = chatHistorySchema.parse(r.body.data);
      pages.push(h.items.map((m) => m.id));
      if (!h.hasMore) break;
      before = h.items[0]!.id;
    }
    expect(pages).toEqual([sent.slice(4), sent.slice(1, 4), sent.slice(0, 1)]);
    const viaChat = await call<ChatHistory>('superadmin', 'GET', `/api/chats/${personalChatId(DEMO_ENT_ID, ids.admin, ids.superadmin)}/messages?size=2`);
    expect(viaChat.body.data).toEqual({ items: (await call<ChatHistory>('admin', 'GET', `/api/users/${ids.superadmin}/messages?size=2`)).body.data.items, hasMore: true });
    expect((await call('admin', 'GET', `/api/users/${ids.superadmin}/messages?size=0`)).body.code).toBe(ServerCode.ParameterError);
  });

  it('counts unread messages and clears them with the chat heartbeat and with the read marker', async () => {
    const chat = group('Logistics');
    for (let i = 0; i < 3; i++) await send('member5', chat, text(`news ${i}`));
    expect(await unreadOf('member6', chat)).toBe(3);
    expect(await unreadOf('member5', chat)).toBe(0);

    const ws = await connect('member6');
    const s = sessions.member6;
    ws.send(heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Chat, event: HeartbeatEvent.EnterChat, chatId: chat, now: Date.now() })));
    const deadline = Date.now() + 5000;
    while ((await unreadOf('member6', chat)) !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await unreadOf('member6', chat)).toBe(0);

    const a = (await send('member5', chat, text('one more'))).body.data;
    await send('member5', chat, text('and another'));
    expect(await unreadOf('member6', chat)).toBe(2);
    const partial = await call<ChatRead>('member6', 'POST', `/api/chats/${chat}/read`, { messageId: a.id });
    expect(partial.body.data).toEqual({ chatId: chat, lastReadId: a.id, unread: 1 });
    const all = await call<ChatRead>('member6', 'POST', `/api/chats/${chat}/read`, {});
    expect(all.body.data.unread).toBe(0);
    // A marker never moves back.
    const back = await call<ChatRead>('member6', 'POST', `/api/chats/${chat}/read`, { messageId: 1 });
    expect(back.body.data.lastReadId).toBe(all.body.data.lastReadId);
    expect(await unreadOf('member6', chat)).toBe(0);

    // A heartbeat for a chat the sender is not on changes nothing.
    ws.send(heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Chat, event: HeartbeatEvent.EnterChat, chatId: group('Security'), now: Date.now() })));
    await ws.ping();
    const rows = await t.db.query('select 1 from chat_reads where user_id = $1 and chat_key = $2', [ids.member6, group('Security')]);
    expect(rows.rows).toEqual([]);
  });

  it('answers a repeated clientMsgId with the first message instead of a copy', async () => {
    const chat = group('Security');
    const body = { ...text('only once'), clientMsgId: 'm3-0001' };
    const first = await send('member3', chat, body);
    const again = await send('member3', chat, { ...body, content: { text: 'changed' } });
    expect(again.body.data).toEqual(first.body.data);
    const r = await t.db.query<{ n: number }>('select count(*)::int as n from messages where client_msg_id = $1', ['m3-0001']);
    expect(r.rows[0]!.n).toBe(1);
    // The same id may be used by someone else; in another chat of the same sender it is a conflict.
    expect((await send('member2', chat, body)).body.data.id).not.toBe(first.body.data.id);
    expect((await call('member3', 'POST', `/api/users/${ids.member1}/messages`, body)).body.code).toBe(ServerCode.AlreadyExists);
  });

  it('refuses the 11th message within 5 s with 429, code 600 and the rule', async () => {
    const chat = group('Operations', SECOND_ENT_ID);
    for (let i = 0; i < 10; i++) expect((await send('guard1', chat, text(`fast ${i}`))).body.code).toBe(0);
    const r = await send('guard1', chat, text('too fast'));
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ code: ServerCode.ServiceBusy, msg: RULES.sendingTooFast, data: { reason: 'rule.sendingTooFast' } });
  });

  it('refuses personal messages to someone who blacklisted the sender (2003)', async () => {
    expect((await call('member1', 'POST', `/api/users/${ids.member1}/blacklist`, { userId: ids.member2 })).body.code).toBe(0);
    const r = await call('member2', 'POST', `/api/users/${ids.member1}/messages`, text('let me in'));
    expect([r.status, r.body.code]).toEqual([403, ServerCode.Blacklisted]);
    expect((await call('member1', 'POST', `/api/users/${ids.member2}/messages`, text('you may not answer'))).body.code).toBe(0);
  });

  it('refuses chats the caller is not on, of another enterprise, and malformed chat ids', async () => {
    const cases: [Who, string, number][] = [
      ['member4', `/api/chats/${group('Security')}/messages`, ServerCode.ChannelNotFound],
      ['admin', `/api/chats/${group('Security')}/messages`, ServerCode.InsufficientPermissions],
      ['member1', `/api/chats/${group('Operations', SECOND_ENT_ID)}/messages`, ServerCode.ChatIdError],
      ['member1', `/api/chats/${chatId(DEMO_ENT_ID, 999_999)}/messages`, ServerCode.ChannelNotFound],
      ['member1', '/api/chats/not-a-chat/messages', ServerCode.ChatIdError],
      ['member1', `/api/chats/${personalChatId(DEMO_ENT_ID, ids.member5, ids.member6)}/messages`, ServerCode.ChatIdError],
      ['member1', `/api/users/${ids.guard1}/messages`, ServerCode.NotFound],
      ['member1', `/api/users/${ids.member1}/messages`, ServerCode.ParameterError],
    ];
    for (const [who, url, code] of cases) {
      expect({ url, who, code: (await call(who, 'POST', url, text('x'))).body.code }).toEqual({ url, who, code });
      expect({ url, who, code: (await call(who, 'GET', url)).body.code }).toEqual({ url, who, code });
    }
  });

  it('writes and delivers system messages 200-203, follows membership on open sockets, and refuses suspended (2016) channels', async () => {
    const [m1, m4, m6] = await Promise.all([connect('member1'), connect('member4'), connect('member6')]);
    const created = await call<{ id: number }>('admin', 'POST', '/api/channels', { name: 'Chat Room', memberIds: [ids.member1, ids.member4] });
    const channelId = created.body.data.id;
    const chat = chatId(DEMO_ENT_ID, channelId);
    const sys = (type: number) => isMessage((m) => m.chatId === chat && m.type === type);

    const first = await m1.waitFor(sys(MessageType.ChannelAddUser));
    expect((first.data as ChatMessage).content).toEqual({ userIds: [ids.member1, ids.member4], byUserId: ids.admin });
    expect((first.data as ChatMessage).from).toEqual({ uid: ids.admin, nickname: 'Admin' });

    // member6's socket was open before they joined: it follows the channel from now on.
    await call('admin', 'POST', `/api/channels/${channelId}/members`, { members: [{ userId: ids.member6 }] });
    const added = await m6.waitFor(isMessage((m) => m.chatId === chat && m.type === MessageType.ChannelAddUser && (m.content as { userIds: number[] }).userIds[0] === ids.member6));
    expect(await unreadOf('member6', chat)).toBe(1);
    const hello = (await send('member1', chat, text('welcome'))).body.data;
    await m6.waitFor(isMessage((m) => m.id === hello.id));
    expect(added.topic).toBe(topics.channelListen(DEMO_ENT_ID, channelId));

    // Removed: the member still gets 201, then nothing more from the channel.
    await call('admin', 'DELETE', `/api/channels/${channelId}/members/${ids.member4}`);
    const removed = await m4.waitFor(sys(MessageType.ChannelRemoveUser));
    expect((removed.data as ChatMessage).content).toEqual({ userIds: [ids.member4], byUserId: ids.admin });
    expect(m4.frames.indexOf(removed)).toBeLessThan(m4.frames.findIndex((f) => f.t === 'ChannelUserDel'));
    const after = (await send('member1', chat, text('after removal'))).body.data;
    await m1.waitFor(isMessage((m) => m.id === after.id));
    await noMessages([m4], (m) => m.id === after.id);

    // Suspended: 203 once, sends refused with 2016; resuming writes no system message.
    await call('admin', 'POST', `/api/channels/${channelId}/suspend`);
    await m6.waitFor(sys(MessageType.ChannelSuspend));
    const refused = await send('member1', chat, text('anyone?'));
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([409, ServerCode.ChannelAbnormal, RULES.channelSuspended]);
    await call('admin', 'POST', `/api/channels/${channelId}/resume`);

    // Disbanded: 202 reaches the members before their ChannelUserDel.
    await call('admin', 'POST', `/api/channels/${channelId}/disband`);
    for (const s of [m1, m6]) {
      const f = await s.waitFor(sys(MessageType.ChannelDisbandment));
      expect((f.data as ChatMessage).content).toEqual({ userIds: [ids.member1, ids.member6].sort((a, b) => a - b), byUserId: ids.admin });
      await s.waitFor((x) => x.t === 'ChannelUserDel');
      expect(s.frames.indexOf(f)).toBeLessThan(s.frames.findIndex((x) => x.t === 'ChannelUserDel' && (x.data as { channelId: number }).channelId === channelId));
    }
    expect((await send('member1', chat, text('gone?'))).body.code).toBe(ServerCode.ChannelAbnormal);

    const types = await t.db.query<{ type: number }>('select type from messages where channel_id = $1 order by id', [channelId]);
    expect(types.rows.map((r) => r.type)).toEqual([200, 200, 0, 201, 0, 203, 202]);
  });

  it('writes 200 in the enterprise channel when a new user joins it', async () => {
    const ws = await connect('member2');
    const r = await call<{ id: number }>('admin', 'POST', '/api/users', { account: 'chatnewbie', nickname: 'Newbie', password: 'secret1' });
    expect(r.body.code).toBe(0);
    const f = await ws.waitFor(isMessage((m) => m.chatId === group('General') && m.type === MessageType.ChannelAddUser));
    expect((f.data as ChatMessage).content).toEqual({ userIds: [r.body.data.id], byUserId: ids.admin });
  });

  it("lists the caller's channels and personal chats, most recent first", async () => {
    const list = await chatsOf('member1');
    const groups = list.filter((c) => c.kind === 'group').map((c) => c.title).sort();
    expect(groups).toEqual(['General', 'Security']);
    expect(list.filter((c) => c.kind === 'personal').map((c) => c.peerId)).toEqual([ids.member2]);
    const lastIds = list.map((c) => c.lastMessage?.id ?? 0);
    expect(lastIds).toEqual([...lastIds].sort((a, b) => b - a));
    expect((await chatsOf('other1')).map((c) => c.title)).toEqual(['Operations']);
  });
});
