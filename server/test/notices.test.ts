import {
  HeartbeatEvent,
  HeartbeatMethod,
  NOTICE_BODY_MAX_LENGTH,
  NOTICE_KIND,
  NOTICE_TITLE_MAX_LENGTH,
  OperationType,
  ServerCode,
  buildHeartbeat,
  heartbeatFrame,
  noticeDetailSchema,
  noticeFrameSchema,
  noticeSchema,
  noticeRecipientSchema,
  pageSchema,
  receivedNoticeDetailSchema,
  receivedNoticeSchema,
  topics,
  type NoticeDetail,
  type NoticeRecipient,
  type Page,
  type ReceivedNotice,
  type ReceivedNoticeDetail,
  type Session,
  type Notice,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

type Who = 'dispatcher' | 'dispatcher2' | 'admin' | 'm1' | 'm2' | 'm3' | 'm4' | 'm5' | 'outsider';
const ACCOUNTS: Record<Who, [string, number]> = {
  dispatcher: ['dispatcher1', DEMO_ENT_ID],
  dispatcher2: ['dispatcher2', DEMO_ENT_ID],
  admin: ['admin', DEMO_ENT_ID],
  m1: ['member1', DEMO_ENT_ID],
  m2: ['member2', DEMO_ENT_ID],
  m3: ['member3', DEMO_ENT_ID],
  m4: ['member4', DEMO_ENT_ID],
  m5: ['member5', DEMO_ENT_ID],
  outsider: ['dispatcher1', SECOND_ENT_ID],
};

const online = (s: Session) =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() }));

describe.each(DB_KINDS)('notices on %s', (kind) => {
  let t: TestApp;
  let baseUrl = '';
  const s = {} as Record<Who, Session>;
  const sockets: WsProbe[] = [];
  const channel = {} as Record<'security' | 'logistics' | 'operations', number>;

  const call = <T = unknown>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    api<T>(t.app, method, url, s[who].auth_token, body);
  const ok = async <T = unknown>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> => {
    const r = await call<T>(who, method, url, body);
    if (r.body.code !== 0) throw new Error(`${method} ${url} as ${who}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const draft = (title: string, body = 'Text of ' + title) => ok<NoticeDetail>('dispatcher', 'POST', '/api/notices', { title, body });
  const channelId = async (name: string, entId = DEMO_ENT_ID) =>
    (await t.db.query<{ id: number }>('select id from channels where ent_id = $1 and name = $2', [entId, name])).rows[0]!.id;
  /** A socket that announced itself online, as a handset or console does. */
  const connectOnline = async (who: Who): Promise<WsProbe> => {
    const p = await WsProbe.open(baseUrl, s[who].auth_token);
    sockets.push(p);
    p.send(online(s[who]));
    await p.ping();
    return p;
  };
  const issues = (body: unknown) => ((body as { data: { issues: { message: string }[] } }).data.issues ?? []).map((i) => i.message);

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    for (const [who, [account, entId]] of Object.entries(ACCOUNTS)) s[who as Who] = await loginAs(t.app, account, entId);
    channel.security = await channelId('Security');
    channel.logistics = await channelId('Logistics');
    channel.operations = await channelId('Operations', SECOND_ENT_ID);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((p) => p.close()));
    await t?.close();
  });

  it('writes a draft, edits it, and records NoticeAdd and NoticeUpdate', async () => {
    const since = await lastOperationId(t.db);
    const created = await draft('Shift change', 'Night shift starts at 22:00.');
    expect(noticeDetailSchema.parse(created)).toMatchObject({
      title: 'Shift change',
      body: 'Night shift starts at 22:00.',
      status: 'draft',
      sentAt: null,
      createdBy: { uid: s.dispatcher.id, nickname: 'Dispatcher 1' },
      recipientCount: 0,
      channels: [],
      users: [],
    });
    // Another dispatcher of the enterprise edits the same board.
    const edited = await ok<NoticeDetail>('dispatcher2', 'PUT', `/api/notices/${created.id}`, { title: '  Shift change (updated)  ', body: created.body });
    expect(edited).toMatchObject({ title: 'Shift change (updated)', body: 'Night shift starts at 22:00.', status: 'draft' });
    // Changing nothing records nothing.
    await ok('dispatcher', 'PUT', `/api/notices/${created.id}`, { title: 'Shift change (updated)', body: 'Night shift starts at 22:00.' });
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.NoticeAdd, since)).toBe(1);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.NoticeUpdate, since)).toBe(1);
    const list = await ok<Page<Notice>>('dispatcher', 'GET', '/api/notices?status=draft&q=updated');
    expect(pageSchema(noticeSchema).parse(list).items.map((n) => n.id)).toEqual([created.id]);
  });

  it('refuses a missing or too long title, a too long text, and a send without channels or members', async () => {
    const cases: [unknown, string][] = [
      [{ title: '   ', body: 'x' }, 'validation.noticeTitleRequired'],
      [{ body: 'x' }, 'validation.noticeTitleRequired'],
      [{ title: 'x'.repeat(NOTICE_TITLE_MAX_LENGTH + 1) }, 'validation.noticeTitleTooLong'],
      [{ title: 'ok', body: 'x'.repeat(NOTICE_BODY_MAX_LENGTH + 1) }, 'validation.noticeBodyTooLong'],
      [{ title: 'bell\u0007' }, 'validation.specialString'],
      [{ title: 'two\nlines' }, 'validation.specialString'],
      [{ title: 'ok', body: 'bell\u0007' }, 'validation.specialString'],
    ];
    for (const [body, message] of cases) {
      const r = await call('dispatcher', 'POST', '/api/notices', body);
      expect([r.status, r.body.code, issues(r.body)]).toEqual([400, ServerCode.ParameterError, [message]]);
    }
    // Text keeps its lines and tabs, and markup, as typed.
    const kept = await draft('Layout', 'Line 1\n\tLine 2 <b>not bold</b>');
    expect(kept.body).toBe('Line 1\n\tLine 2 <b>not bold</b>');
    const n = await draft('Needs recipients');
    for (const body of [{}, { channelIds: [], userIds: [] }]) {
      const r = await call('dispatcher', 'POST', `/api/notices/${n.id}/send`, body);
      expect([r.status, r.body.code, issues(r.body)]).toEqual([400, ServerCode.ParameterError, ['validation.noticeTargetRequired']]);
    }
    expect((await ok<NoticeDetail>('dispatcher', 'GET', `/api/notices/${n.id}`)).status).toBe('draft');
  });

  it('sends to channel members and chosen members once each, without the sender; online recipients get the Notice frame', async () => {
    const m1 = await connectOnline('m1');
    const m4 = await connectOnline('m4');
    const m5 = await connectOnline('m5'); // on Logistics, not chosen
    const outsider = await connectOnline('outsider');
    const n = await draft('Gate closed', 'Use the north gate today.');
    const since = await lastOperationId(t.db);
    // member1 is on Security and chosen by name: one recipient, one frame.
    const sent = await ok<NoticeDetail>('dispatcher', 'POST', `/api/notices/${n.id}/send`, {
      channelIds: [channel.security, channel.security],
      userIds: [s.m1.id, s.m4.id],
    });
    expect(sent).toMatchObject({
      status: 'sent',
      sentBy: { uid: s.dispatcher.id },
      channels: [{ channelId: channel.security, name: 'Security' }],
      users: [
        { uid: s.m1.id, account: 'member1', nickname: 'Member 1' },
        { uid: s.m4.id, account: 'member4', nickname: 'Member 4' },
      ],
      channelCount: 1,
      userCount: 2,
      // Security: dispatcher1 (the sender, left out), dispatcher2, member1-3; plus member4.
      recipientCount: 5,
      deliveredCount: 2,
      readCount: 0,
    });
    expect(sent.sentAt).not.toBeNull();
    for (const [probe, who] of [[m1, 'm1'], [m4, 'm4']] as const) {
      const frame = await probe.waitFor((f) => f.t === NOTICE_KIND, `Notice at ${who}`);
      expect(frame.topic).toBe(topics.userListen(DEMO_ENT_ID, s[who].id));
      expect(noticeFrameSchema.parse(frame.data)).toEqual({
        noticeId: n.id,
        title: 'Gate closed',
        body: 'Use the north gate today.',
        from: { uid: s.dispatcher.id, nickname: 'Dispatcher 1' },
        sentAt: sent.sentAt,
      });
    }
    await Promise.all([m1, m4, m5, outsider].map((p) => p.ping()));
    expect(m1.frames.filter((f) => f.t === NOTICE_KIND)).toHaveLength(1);
    expect(m5.frames.filter((f) => f.t === NOTICE_KIND)).toEqual([]);
    expect(outsider.frames.filter((f) => f.t === NOTICE_KIND)).toEqual([]);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.NoticeSend, since)).toBe(1);

    const recipients = await ok<Page<NoticeRecipient>>('dispatcher', 'GET', `/api/notices/${n.id}/recipients?size=50`);
    expect(pageSchema(noticeRecipientSchema).parse(recipients).total).toBe(5);
    const byAccount = new Map(recipients.items.map((r) => [r.account, r]));
    expect([...byAccount.keys()].sort()).toEqual(['dispatcher2', 'member1', 'member2', 'member3', 'member4']);
    expect(byAccount.get('member1')!.deliveredAt).not.toBeNull();
    expect(byAccount.get('member2')!.deliveredAt).toBeNull();
    expect(byAccount.get('member1')!.readAt).toBeNull();
  });

  it('delivers through the inbox to those who were offline, and records the first read', async () => {
    const n = await draft('Inbox check', 'Read me.');
    await ok('dispatcher', 'POST', `/api/notices/${n.id}/send`, { userIds: [s.m2.id, s.m3.id] });
    const inbox = await ok<Page<ReceivedNotice>>('m2', 'GET', '/api/me/notices');
    expect(pageSchema(receivedNoticeSchema).parse(inbox).items[0]).toMatchObject({ id: n.id, title: 'Inbox check', from: { uid: s.dispatcher.id }, readAt: null });
    let recipients = await ok<Page<NoticeRecipient>>('dispatcher', 'GET', `/api/notices/${n.id}/recipients`);
    const m2 = () => recipients.items.find((r) => r.uid === s.m2.id)!;
    const m3 = () => recipients.items.find((r) => r.uid === s.m3.id)!;
    expect([m2().deliveredAt !== null, m2().readAt, m3().deliveredAt]).toEqual([true, null, null]);

    const opened = await ok<ReceivedNoticeDetail>('m2', 'GET', `/api/me/notices/${n.id}`);
    expect(receivedNoticeDetailSchema.parse(opened)).toMatchObject({ body: 'Read me.' });
    expect(opened.readAt).not.toBeNull();
    const again = await ok<ReceivedNoticeDetail>('m2', 'GET', `/api/me/notices/${n.id}`);
    expect(again.readAt).toBe(opened.readAt);
    recipients = await ok<Page<NoticeRecipient>>('dispatcher', 'GET', `/api/notices/${n.id}/recipients?sort=readAt&order=desc`);
    expect(m2().readAt).toBe(opened.readAt);
    const detail = await ok<NoticeDetail>('dispatcher', 'GET', `/api/notices/${n.id}`);
    expect([detail.recipientCount, detail.deliveredCount, detail.readCount]).toEqual([2, 1, 1]);
    // Someone it was not sent to cannot open it.
    expect((await call('m4', 'GET', `/api/me/notices/${n.id}`)).status).toBe(404);
  });

  it('refuses to edit or send a sent notice again (2028), even two sends at once', async () => {
    const n = await draft('Once only');
    const body = { channelIds: [channel.logistics] };
    const [a, b] = await Promise.all([call('dispatcher', 'POST', `/api/notices/${n.id}/send`, body), call('admin', 'POST', `/api/notices/${n.id}/send`, body)]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, ServerCode.UserStatusError]);
    const again = await call('dispatcher', 'POST', `/api/notices/${n.id}/send`, body);
    expect([again.status, again.body.code, again.body.data]).toEqual([409, ServerCode.UserStatusError, { reason: 'rule.noticeAlreadySent' }]);
    const edit = await call('dispatcher', 'PUT', `/api/notices/${n.id}`, { title: 'Changed' });
    expect([edit.status, edit.body.code, edit.body.msg]).toEqual([409, ServerCode.UserStatusError, 'The notice has already been sent']);
    const recipients = await t.db.query<{ n: number }>('select count(*)::int as n from notice_recipients where notice_id = $1', [n.id]);
    // Logistics: dispatcher2, member4-6 (one of the two senders is on it too and left out).
    expect(recipients.rows[0]!.n).toBeGreaterThanOrEqual(4);
    expect((await ok<NoticeDetail>('dispatcher', 'GET', `/api/notices/${n.id}`)).title).toBe('Once only');
  });

  it('refuses a send that would reach nobody but the sender, and keeps it a draft', async () => {
    const n = await draft('To myself');
    const r = await call('dispatcher', 'POST', `/api/notices/${n.id}/send`, { userIds: [s.dispatcher.id] });
    expect([r.status, r.body.code, r.body.data]).toEqual([400, ServerCode.ParameterError, { reason: 'rule.noticeNoRecipients' }]);
    expect((await ok<NoticeDetail>('dispatcher', 'GET', `/api/notices/${n.id}`)).status).toBe('draft');
  });

  it("keeps enterprises apart: another enterprise's channels, users and notices are not found", async () => {
    const n = await draft('Ours');
    const outsiderUser = (await t.db.query<{ id: number }>('select id from users where ent_id = $1 and account = $2', [SECOND_ENT_ID, 'guard1'])).rows[0]!.id;
    for (const body of [{ channelIds: [channel.operations] }, { userIds: [outsiderUser] }, { channelIds: [channel.security], userIds: [outsiderUser] }]) {
      const r = await call('dispatcher', 'POST', `/api/notices/${n.id}/send`, body);
      expect([r.status, r.body.code]).toEqual([404, ServerCode.NotFound]);
    }
    for (const [method, url, body] of [
      ['GET', `/api/notices/${n.id}`, undefined],
      ['PUT', `/api/notices/${n.id}`, { title: 'Theirs' }],
      ['POST', `/api/notices/${n.id}/send`, { userIds: [outsiderUser] }],
      ['GET', `/api/notices/${n.id}/recipients`, undefined],
      ['DELETE', `/api/notices/${n.id}`, undefined],
    ] as const) {
      const r = await call('outsider', method, url, body);
      expect([method, url, r.status, r.body.code]).toEqual([method, url, 404, ServerCode.NotFound]);
    }
    const theirs = await ok<Page<Notice>>('outsider', 'GET', '/api/notices');
    expect(theirs.items).toEqual([]);
    expect((await ok<NoticeDetail>('dispatcher', 'GET', `/api/notices/${n.id}`)).status).toBe('draft');
  });

  it('refuses members (role 0) every staff action with 2001', async () => {
    const n = await draft('Staff only');
    for (const [method, url, body] of [
      ['GET', '/api/notices', undefined],
      ['GET', `/api/notices/${n.id}`, undefined],
      ['POST', '/api/notices', { title: 'Mine' }],
      ['PUT', `/api/notices/${n.id}`, { title: 'Mine' }],
      ['POST', `/api/notices/${n.id}/send`, { channelIds: [channel.security] }],
      ['GET', `/api/notices/${n.id}/recipients`, undefined],
      ['DELETE', `/api/notices/${n.id}`, undefined],
    ] as const) {
      const r = await call('m1', method, url, body);
      expect([method, url, r.status, r.body.code]).toEqual([method, url, 403, ServerCode.InsufficientPermissions]);
    }
  });

  it('deletes drafts and sent notices (NoticeDelete); a sent one leaves the inboxes too', async () => {
    const since = await lastOperationId(t.db);
    const d = await draft('Throwaway');
    const sent = await draft('Gone soon');
    await ok('dispatcher', 'POST', `/api/notices/${sent.id}/send`, { userIds: [s.m3.id] });
    await ok('dispatcher', 'DELETE', `/api/notices/${d.id}`);
    await ok('admin', 'DELETE', `/api/notices/${sent.id}`);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.NoticeDelete, since)).toBe(2);
    expect((await call('dispatcher', 'GET', `/api/notices/${sent.id}`)).status).toBe(404);
    expect((await call('dispatcher', 'DELETE', `/api/notices/${sent.id}`)).status).toBe(404);
    const inbox = await ok<Page<ReceivedNotice>>('m3', 'GET', '/api/me/notices?size=200');
    expect(inbox.items.map((i) => i.id)).not.toContain(sent.id);
  });
});
