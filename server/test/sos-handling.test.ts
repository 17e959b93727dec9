import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CHAT_MESSAGE_KIND,
  HeartbeatEvent,
  HeartbeatMethod,
  MessageType,
  OperationType,
  RULES,
  ServerCode,
  buildHeartbeat,
  chatHistorySchema,
  chatId,
  heartbeatFrame,
  sessionSchema,
  sosEventListSchema,
  sosMsgSchema,
  sosRecordSchema,
  sosSettingsSchema,
  type Session,
  type SosRaised,
  type SosRecord,
  type Ws2Frame,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Issue 20 (ADR 025): acknowledge, close with a note, the timeline, settings, the SOS card in
// the raiser's channels, and embedding (hand-off and frame-ancestors).
const online = (s: Session) =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() }));
const sosMsgFor = (sosId: number, match: (d: Record<string, unknown>) => boolean) => (f: Ws2Frame) =>
  f.t === 'SosMsg' && (f.data as { sosId?: number }).sosId === sosId && match(f.data as Record<string, unknown>);

describe.each(DB_KINDS)('SOS handling on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const s = {} as Record<'d1' | 'd2' | 'admin' | 'm1' | 'm2' | 'm3' | 'm4' | 'm5' | 'm6' | 'stranger', Session>;
  const sockets: WsProbe[] = [];
  const connect = async (session: Session): Promise<WsProbe> => {
    const p = await WsProbe.open(baseUrl, session.auth_token);
    sockets.push(p);
    p.send(online(session));
    await p.ping();
    return p;
  };
  const raise = async (session: Session, body: unknown = {}) => (await api<SosRaised>(t.app, 'POST', '/api/sos', session.auth_token, body)).body.data;
  const ack = (session: Session, id: number) => api<SosRecord>(t.app, 'POST', `/api/sos/${id}/ack`, session.auth_token);
  const close = (session: Session, id: number, body?: unknown) => api<SosRecord>(t.app, 'POST', `/api/sos/${id}/close`, session.auth_token, body);
  const settings = (session: Session, body?: unknown) => api(t.app, body === undefined ? 'GET' : 'PUT', '/api/sos/settings', session.auth_token, body);

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    const accounts = { d1: 'dispatcher1', d2: 'dispatcher2', admin: 'admin', m1: 'member1', m2: 'member2', m3: 'member3', m4: 'member4', m5: 'member5', m6: 'member6' } as const;
    for (const [key, account] of Object.entries(accounts)) s[key as keyof typeof accounts] = await loginAs(t.app, account);
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('acknowledges once: the second answers the first acknowledgement, and everyone hears it', async () => {
    const watcher = await connect(s.d2);
    const { record } = await raise(s.m1, { lng: 10, lat: 20 });
    expect(record).toMatchObject({ ackedAt: null, ackedBy: null, escalatedAt: null, closeNote: null, deviceId: expect.any(Number) as number });

    const first = await ack(s.d1, record.id);
    expect(first.status).toBe(200);
    const acked = sosRecordSchema.parse(first.body.data);
    expect(acked).toMatchObject({ id: record.id, state: 'open', ackedBy: { id: s.d1.id, nickname: 'Dispatcher 1' }, dispatcher: null });
    expect(acked.ackedAt).not.toBeNull();
    const msg = await watcher.waitFor(sosMsgFor(record.id, (d) => d.ackedAt !== null), 'SosMsg acknowledged');
    expect(sosMsgSchema.parse(msg.data)).toMatchObject({ ackedAt: acked.ackedAt, ackedBy: { id: s.d1.id }, state: 'open', deviceId: record.deviceId });

    const second = await ack(s.d2, record.id);
    expect([second.status, second.body.code]).toEqual([200, 0]);
    expect(second.body.data).toEqual(acked);
    await watcher.ping();
    expect(watcher.frames.filter(sosMsgFor(record.id, (d) => d.ackedAt !== null))).toHaveLength(1);

    const member = await ack(s.m1, record.id);
    expect([member.status, member.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
    for (const id of [record.id, 999_999]) {
      const other = await ack(id === record.id ? s.stranger : s.d1, id);
      expect([other.status, other.body.code]).toEqual([404, ServerCode.NotFound]);
    }
    for (const bad of ['abc', '0', '-1']) {
      const r = await api(t.app, 'POST', `/api/sos/${bad}/ack`, s.d1.auth_token);
      expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
    }

    expect((await close(s.d2, record.id)).status).toBe(200);
    const late = await ack(s.d1, record.id);
    expect([late.status, late.body]).toEqual([409, { code: ServerCode.UserStatusError, msg: RULES.sosAlreadyClosed, data: { reason: 'rule.sosAlreadyClosed' } }]);
  });

  it('closes with a note, acknowledging as the closer when nobody had; the note is bounded', async () => {
    const watcher = await connect(s.d2);
    const { record } = await raise(s.m2);
    const tooLong = await close(s.d1, record.id, { note: 'x'.repeat(501) });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, ServerCode.ParameterError]);
    expect(tooLong.body.data).toEqual({ issues: [expect.objectContaining({ path: 'note', message: 'validation.sosNoteTooLong' })] });
    for (const body of [{ note: 5 }, { note: 'fine', extra: true }]) {
      const r = await close(s.d1, record.id, body);
      expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
    }

    const closed = await close(s.d1, record.id, { note: '  Called back, all fine  ' });
    expect(sosRecordSchema.parse(closed.body.data)).toMatchObject({
      state: 'closed',
      closeNote: 'Called back, all fine',
      dispatcher: { id: s.d1.id, nickname: 'Dispatcher 1' },
      ackedBy: { id: s.d1.id, nickname: 'Dispatcher 1' },
    });
    expect(closed.body.data.ackedAt).toBe(closed.body.data.closedAt);
    const msg = await watcher.waitFor(sosMsgFor(record.id, (d) => d.state === 'closed'));
    expect(msg.data).toMatchObject({ dispatcherId: s.d1.id, ackedBy: { id: s.d1.id }, closedAt: closed.body.data.closedAt });

    // Acknowledged by one, closed by another without a note: both are kept.
    const { record: next } = await raise(s.m2);
    await ack(s.d2, next.id);
    const byOther = (await close(s.d1, next.id)).body.data;
    expect(byOther).toMatchObject({ closeNote: null, dispatcher: { id: s.d1.id }, ackedBy: { id: s.d2.id } });
    expect((await api<SosRecord>(t.app, 'GET', `/api/sos/${next.id}`, s.m2.auth_token)).body.data).toEqual(byOther);
  });

  it('keeps the timeline in order; the raiser reads their own, nobody else but staff', async () => {
    const { record } = await raise(s.m3, { lng: 1, lat: 2 });
    await raise(s.m3, { lng: 1.5, lat: 2.5 });
    await ack(s.d2, record.id);
    await ack(s.d1, record.id);
    await close(s.d1, record.id, { note: 'Resolved' });
    const events = await api(t.app, 'GET', `/api/sos/${record.id}/events`, s.d1.auth_token);
    const list = sosEventListSchema.parse(events.body.data);
    expect(list.map((e) => [e.type, e.by?.id ?? null, e.note])).toEqual([
      ['raised', null, null],
      ['moved', null, null],
      ['acknowledged', s.d2.id, null],
      ['closed', s.d1.id, 'Resolved'],
    ]);
    expect(list.every((e) => e.sosId === record.id)).toBe(true);
    expect([...list].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id)).toEqual(list);

    expect((await api(t.app, 'GET', `/api/sos/${record.id}/events`, s.m3.auth_token)).body.data).toEqual(list);
    const other = await api(t.app, 'GET', `/api/sos/${record.id}/events`, s.m1.auth_token);
    expect([other.status, other.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
    const foreign = await api(t.app, 'GET', `/api/sos/${record.id}/events`, s.stranger.auth_token);
    expect([foreign.status, foreign.body.code]).toEqual([404, ServerCode.NotFound]);
  });

  it('reads and changes the settings: staff read, managers change, bad values are refused', async () => {
    expect(sosSettingsSchema.parse((await settings(s.d1)).body.data)).toEqual({ escalateAfterS: 60, embedOrigins: [] });
    const member = await settings(s.m1);
    expect([member.status, member.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
    const dispatcher = await settings(s.d1, { escalateAfterS: 30 });
    expect([dispatcher.status, dispatcher.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);

    const refused: [unknown, string | undefined][] = [
      [{ escalateAfterS: 4 }, 'validation.escalateAfterInvalid'],
      [{ escalateAfterS: 3601 }, 'validation.escalateAfterInvalid'],
      [{ escalateAfterS: 30.5 }, 'validation.escalateAfterInvalid'],
      [{ escalateAfterS: '30' }, 'validation.escalateAfterInvalid'],
      [{ embedOrigins: ['ftp://portal.example.com'] }, 'validation.originInvalid'],
      [{ embedOrigins: ['https://portal.example.com/path'] }, 'validation.originInvalid'],
      [{ embedOrigins: ["https://a.example.com 'unsafe-inline'"] }, 'validation.originInvalid'],
      [{ embedOrigins: Array.from({ length: 21 }, (_, i) => `https://site${i}.example.com`) }, 'validation.embedOriginsTooMany'],
      [{ embedOrigins: 'https://portal.example.com' }, undefined],
      [{ other: 1 }, undefined],
    ];
    for (const [body, reason] of refused) {
      const r = await settings(s.admin, body);
      expect([JSON.stringify(body), r.status, r.body.code]).toEqual([JSON.stringify(body), 400, ServerCode.ParameterError]);
      if (reason) expect(JSON.stringify(r.body.data)).toContain(reason);
    }

    const since = await lastOperationId(t.db);
    const changed = await settings(s.admin, { escalateAfterS: 30, embedOrigins: ['https://Portal.Example.com', 'https://portal.example.com', 'http://localhost:3000'] });
    expect([changed.status, changed.body.data]).toEqual([200, { escalateAfterS: 30, embedOrigins: ['https://portal.example.com', 'http://localhost:3000'] }]);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.EnterpriseUpdate, since)).toBe(1);
    expect((await settings(s.admin, { escalateAfterS: 60 })).body.data).toEqual({ escalateAfterS: 60, embedOrigins: ['https://portal.example.com', 'http://localhost:3000'] });
    expect((await settings(s.d2, {})).status).toBe(403);
    expect((await settings(s.admin, {})).body.data).toEqual({ escalateAfterS: 60, embedOrigins: ['https://portal.example.com', 'http://localhost:3000'] });
    // Another organisation's settings are its own.
    expect((await settings(s.stranger)).body.data).toEqual({ escalateAfterS: 60, embedOrigins: [] });
  });

  it("writes the SOS card into the raiser's live channels when the SOS opens, not on a repeated raise", async () => {
    const channelId = async (name: string) => (await t.db.query<{ id: number }>('select id from channels where ent_id = $1 and name = $2', [DEMO_ENT_ID, name])).rows[0]!.id;
    const general = await channelId('General');
    const logistics = await channelId('Logistics');
    const cards = async (channel: number) => {
      const r = await api(t.app, 'GET', `/api/chats/${chatId(DEMO_ENT_ID, channel)}/messages?size=100`, s.d1.auth_token);
      return chatHistorySchema.parse(r.body.data).items.filter((m) => m.type === MessageType.Sos);
    };
    const watcher = await connect(s.d1);

    await t.db.query('update channels set enabled = false where id = $1', [logistics]);
    try {
      const { record } = await raise(s.m5, { lng: 116.4, lat: 39.9 });
      const frame = await watcher.waitFor((f) => f.t === CHAT_MESSAGE_KIND && (f.data as { type?: number }).type === MessageType.Sos, 'SOS card');
      expect(frame.data).toMatchObject({ channelId: general, from: { uid: s.m5.id }, content: { sosId: record.id } });
      expect((await cards(general)).filter((m) => m.from.uid === s.m5.id).map((m) => m.content)).toEqual([{ sosId: record.id, lng: record.lng, lat: record.lat }]);
      expect((await cards(logistics)).filter((m) => m.from.uid === s.m5.id)).toEqual([]);
      // Writing is reading for the raiser: their own card is not unread.
      const unread = await t.db.query<{ id: number }>(
        'select last_read_id as id from chat_reads where user_id = $1 and chat_key = $2',
        [s.m5.id, chatId(DEMO_ENT_ID, general)],
      );
      expect(unread.rows[0]!.id).toBeGreaterThanOrEqual((await cards(general)).find((m) => m.from.uid === s.m5.id)!.id);

      const again = await raise(s.m5, { lng: 116.5, lat: 39.8 });
      expect(again.created).toBe(false);
      expect((await cards(general)).filter((m) => m.from.uid === s.m5.id)).toHaveLength(1);
    } finally {
      await t.db.query('update channels set enabled = true where id = $1', [logistics]);
    }

    const { record: noPosition } = await raise(s.m6);
    for (const channel of [general, logistics]) {
      expect((await cards(channel)).filter((m) => m.from.uid === s.m6.id).map((m) => m.content)).toEqual([{ sosId: noPosition.id }]);
    }
  });

  describe('embedding', () => {
    const origin = 'https://portal.example.com';
    const embed = (session: Session | null, body: unknown) => api<Session>(t.app, 'POST', '/api/auth/embed', session?.auth_token ?? null, body);
    const page = (url: string) => t.app.inject({ method: 'GET', url });

    beforeAll(async () => {
      await settings(s.admin, { embedOrigins: [origin, 'http://127.0.0.1:4000'] });
      mkdirSync(path.join(t.remotesDir, 'sos', 'dist'), { recursive: true });
      writeFileSync(path.join(t.remotesDir, 'sos', 'dist', 'index.html'), '<!doctype html><title>SOS</title>');
      writeFileSync(path.join(t.remotesDir, 'sos', 'dist', 'main.js'), 'void 0;');
    });

    it('answers the session to a listed origin only', async () => {
      const ok = await embed(s.m1, { origin: 'https://PORTAL.example.com' });
      expect([ok.status, ok.body.code]).toEqual([200, 0]);
      expect(sessionSchema.parse(ok.body.data)).toMatchObject({ id: s.m1.id, auth_token: s.m1.auth_token, ent: { id: DEMO_ENT_ID } });
      expect(ok.body.data).toEqual((await api(t.app, 'GET', '/api/auth/me', s.m1.auth_token)).body.data);

      for (const [who, body] of [
        [s.m1, { origin: 'https://evil.example.com' }],
        [s.m1, { origin: 'http://portal.example.com' }],
        [s.stranger, { origin }],
      ] as const) {
        const r = await embed(who, body);
        expect([r.status, r.body]).toEqual([403, { code: ServerCode.InsufficientPermissions, msg: RULES.embedOriginNotAllowed, data: { reason: 'rule.embedOriginNotAllowed' } }]);
      }
      for (const body of [{}, { origin: 'portal.example.com' }, { origin: `${origin}/` }, { origin, token: 'x' }, { origin: 5 }]) {
        const r = await embed(s.m1, body);
        expect([JSON.stringify(body), r.status, r.body.code]).toEqual([JSON.stringify(body), 400, ServerCode.ParameterError]);
      }
      const anonymous = await embed(null, { origin });
      expect([anonymous.status, anonymous.body.code]).toEqual([401, ServerCode.AuthorizationFailed]);
    });

    it("lets the organisation's origins frame the SOS page asked for with ?ent, and nothing else", async () => {
      for (const url of [`/remotes/sos/index.html?embed=1&ent=${DEMO_ENT_ID}`, `/remotes/sos/?ent=${DEMO_ENT_ID}`]) {
        const res = await page(url);
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(String(res.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${origin} http://127.0.0.1:4000`);
        expect(res.headers['x-frame-options']).toBeUndefined();
      }
      for (const url of [
        '/remotes/sos/index.html',
        '/remotes/sos/index.html?embed=1',
        `/remotes/sos/index.html?ent=${SECOND_ENT_ID}`,
        '/remotes/sos/index.html?ent=abc',
        '/remotes/sos/index.html?ent=99999999999',
        `/remotes/sos/main.js?ent=${DEMO_ENT_ID}`,
        `/remotes/dispatch/index.html?ent=${DEMO_ENT_ID}`,
        `/?ent=${DEMO_ENT_ID}`,
      ]) {
        const res = await page(url);
        expect([url, /frame-ancestors ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]]).toEqual([url, "'self'"]);
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
      // This node's change shows at once (other nodes within seconds).
      await settings(s.admin, { embedOrigins: [] });
      const after = await page(`/remotes/sos/index.html?ent=${DEMO_ENT_ID}`);
      expect(/frame-ancestors ([^;]*)/.exec(String(after.headers['content-security-policy']))?.[1]).toBe("'self'");
      expect(after.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect((await embed(s.m1, { origin })).body.code).toBe(ServerCode.InsufficientPermissions);
    });
  });
});
