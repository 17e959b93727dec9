import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_SCREEN_LAYOUT,
  DISPLAYS_MAX,
  LOCATION_KIND,
  OperationType,
  SCREEN_ALERT_KIND,
  SCREEN_COUNTS_KIND,
  SCREEN_FLOOR_KIND,
  SCREEN_LAYOUT_KIND,
  SOS_KIND,
  ServerCode,
  WS_CLOSE,
  displaySchema,
  pairingClaimSchema,
  pairingStartSchema,
  screenMeSchema,
  screenMembersSchema,
  screenSummarySchema,
  topics,
  type Display,
  type DisplaySession,
  type PairingClaim,
  type PairingStart,
  type ScreenCounts,
  type ScreenFloorFrame,
  type ScreenLayout,
  type ScreenMe,
  type ScreenMembers,
  type ScreenSummary,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { routeAction } from '../src/http/route';
import { allRoutes } from '../src/modules';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { FakeMedia, onlineFrame } from './ptt-fixture';
import { api, countOperations, createTestApp, lastOperationId, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// The large screen and its paired wall displays (issue 21, ADR 026): pairing, the read-only
// credential that opens the screen and nothing else, revocation, counts, summary and the screen
// topic's frames.

const ENT = DEMO_ENT_ID;

describe.each(DB_KINDS)('large screen on %s', (kind) => {
  let t: TestApp;
  let recDir: string;
  const open: WsProbe[] = [];
  const s = {} as Record<'admin' | 'dispatcher' | 'member1' | 'member2' | 'member3' | 'admin2', Session>;
  let securityChat = '';

  const connect = async (token: string): Promise<WsProbe> => {
    const p = await WsProbe.open(t.baseUrl, token);
    open.push(p);
    return p;
  };
  const pairingFrom = async (ip = '10.1.0.1'): Promise<{ status: number; body: { code: number; data: PairingStart } }> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/screen/pairings', remoteAddress: ip });
    return { status: res.statusCode, body: res.json() };
  };
  const claim = async (secret: string): Promise<PairingClaim> => {
    const r = await api<PairingClaim>(t.app, 'POST', '/api/screen/pairings/claim', null, { secret });
    expect(r.status).toBe(200);
    return pairingClaimSchema.parse(r.body.data);
  };
  /** A display paired by the admin and claimed: its credential. */
  const pairDisplay = async (name: string, ip = '10.2.0.1'): Promise<{ display: Display; session: DisplaySession }> => {
    const start = await pairingFrom(ip);
    const created = await api<Display>(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name, code: start.body.data.code });
    expect(created.body.code).toBe(0);
    const c = await claim(start.body.data.secret);
    if (c.status !== 'paired') throw new Error(`claim: ${JSON.stringify(c)}`);
    return { display: created.body.data, session: c.session };
  };

  beforeAll(async () => {
    recDir = mkdtempSync(path.join(os.tmpdir(), 'screen-rec-'));
    const media = new FakeMedia(recDir);
    media.recordingMs = 100;
    t = await createTestApp(kind, { media, env: { SCREEN_COUNTS_TICK_MS: '100' } });
    await t.listen();
    s.admin = await loginAs(t.app, 'admin');
    s.dispatcher = await loginAs(t.app, 'dispatcher1');
    s.member1 = await loginAs(t.app, 'member1');
    s.member2 = await loginAs(t.app, 'member2');
    s.member3 = await loginAs(t.app, 'member3');
    await t.db.query("update users set role = 50 where ent_id = $1 and account = 'dispatcher1'", [SECOND_ENT_ID]);
    s.admin2 = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    const r = await t.db.query<{ id: number }>("select id from channels where ent_id = $1 and name = 'Security'", [ENT]);
    securityChat = `${ENT}-1-${r.rows[0]!.id}`;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(recDir, { recursive: true, force: true });
  });

  it('pairs a display: code, waiting, paired once with a credential that reads the screen, then expired', async () => {
    const start = await pairingFrom();
    expect(start.status).toBe(200);
    const p = pairingStartSchema.parse(start.body.data);
    expect(p.code).toMatch(/^\d{6}$/);
    expect(Date.parse(p.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await claim(p.secret)).toEqual({ status: 'waiting', expiresAt: p.expiresAt });

    const before = await lastOperationId(t.db);
    const created = await api<Display>(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: ' Lobby wall ', code: p.code });
    expect(created.status).toBe(200);
    const display = displaySchema.parse(created.body.data);
    expect(display).toMatchObject({ name: 'Lobby wall', layout: DEFAULT_SCREEN_LAYOUT, pairedAt: null, online: false });
    expect(display.createdBy?.id).toBe(s.admin.id);
    expect(await countOperations(t.db, ENT, OperationType.EnterpriseUpdate, before)).toBe(1);
    const op = await t.db.query<{ detail: { display?: { id: number; action: string } } }>('select detail from operation_logs where id > $1', [before]);
    expect(op.rows[0]!.detail.display).toMatchObject({ id: display.id, action: 'pair' });

    const paired = await claim(p.secret);
    if (paired.status !== 'paired') throw new Error(JSON.stringify(paired));
    expect(paired.session).toMatchObject({ kind: 'display', id: display.id, ent: { id: ENT, name: s.admin.ent.name }, role: 0, nickname: 'Lobby wall' });
    expect(paired.layout).toEqual(DEFAULT_SCREEN_LAYOUT);
    // Answered once: the code is gone.
    expect(await claim(p.secret)).toEqual({ status: 'expired' });
    // Only the digest is stored.
    const stored = await t.db.query<{ token_hash: string }>('select token_hash from screen_displays where id = $1', [display.id]);
    expect(stored.rows[0]!.token_hash).not.toContain(paired.session.auth_token);
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const token = paired.session.auth_token;
    const me = await api<ScreenMe>(t.app, 'GET', '/api/screen/me', token);
    expect(screenMeSchema.parse(me.body.data)).toEqual({ ent: { id: ENT, name: s.admin.ent.name }, display: { id: display.id, name: 'Lobby wall', layout: DEFAULT_SCREEN_LAYOUT } });
    const summary = await api<ScreenSummary>(t.app, 'GET', '/api/screen/summary', token);
    expect(summary.status).toBe(200);
    screenSummarySchema.parse(summary.body.data);
    expect(summary.body.data.ent).toEqual({ id: ENT, name: s.admin.ent.name });
    screenMembersSchema.parse((await api<ScreenMembers>(t.app, 'GET', '/api/screen/members', token)).body.data);
    // A console user's me has no display.
    expect((await api<ScreenMe>(t.app, 'GET', '/api/screen/me', s.dispatcher.auth_token)).body.data.display).toBeNull();

    const list = await api<{ items: Display[] }>(t.app, 'GET', '/api/screen/displays', s.admin.auth_token);
    const listed = list.body.data.items.find((d) => d.id === display.id)!;
    expect(listed.pairedAt).not.toBeNull();
    expect(listed.online).toBe(true);
  });

  it('refuses an unknown or expired code with 2012 pairingCodeUnknown; an expired secret claims expired', async () => {
    // A random waiting code could be 000000; make sure it is not.
    await t.db.query("delete from screen_pairings where code = '000000'");
    const unknown = await api(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: 'Nope', code: '000000' });
    expect([unknown.status, unknown.body.code, (unknown.body.data as { reason: string }).reason]).toEqual([404, ServerCode.NotFound, 'rule.pairingCodeUnknown']);
    const p = (await pairingFrom('10.3.0.1')).body.data;
    await t.db.query("update screen_pairings set expires_at = now() - interval '1 second' where code = $1", [p.code]);
    const late = await api(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: 'Late', code: p.code });
    expect([late.status, late.body.code, (late.body.data as { reason: string }).reason]).toEqual([404, ServerCode.NotFound, 'rule.pairingCodeUnknown']);
    expect(await claim(p.secret)).toEqual({ status: 'expired' });
    expect(await claim('x'.repeat(40))).toEqual({ status: 'expired' });
    // Malformed codes are input errors.
    expect((await api(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: 'Bad', code: '12ab56' })).body.code).toBe(ServerCode.ParameterError);
    // Another organisation cannot pair a code twice either: once linked, it is unknown.
    const q = (await pairingFrom('10.3.0.2')).body.data;
    expect((await api(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: 'First', code: q.code })).body.code).toBe(0);
    const second = await api(t.app, 'POST', '/api/screen/displays', s.admin2.auth_token, { name: 'Second', code: q.code });
    expect([second.status, second.body.code]).toEqual([404, ServerCode.NotFound]);
  });

  it('limits waiting codes: 5 per address and 500 in all (429, pairingBusy); expired codes are purged', async () => {
    await t.db.query('delete from screen_pairings');
    for (let i = 0; i < 5; i++) expect((await pairingFrom('10.9.9.9')).status).toBe(200);
    const busy = await pairingFrom('10.9.9.9');
    expect([busy.status, busy.body.code, (busy.body.data as unknown as { reason: string }).reason]).toEqual([429, ServerCode.ServiceBusy, 'rule.pairingBusy']);
    expect((await pairingFrom('10.9.9.10')).status).toBe(200);
    // Past their time, the address's codes no longer count.
    await t.db.query("update screen_pairings set expires_at = now() - interval '1 second' where ip = '10.9.9.9'");
    expect((await pairingFrom('10.9.9.9')).status).toBe(200);
    expect(Number((await t.db.query<{ n: number }>("select count(*)::int as n from screen_pairings where ip = '10.9.9.9'")).rows[0]!.n)).toBe(1);
    // 500 in all.
    await t.db.query(
      `insert into screen_pairings (code, secret_hash, ip, expires_at)
       select 'x' || g, 'h' || g, '10.8.' || (g / 250) || '.' || (g % 250), now() + interval '10 minutes' from generate_series(1, 500) g`,
    );
    const full = await pairingFrom('10.7.7.7');
    expect([full.status, (full.body.data as unknown as { reason: string }).reason]).toEqual([429, 'rule.pairingBusy']);
    await t.db.query("delete from screen_pairings where code like 'x%'");
    expect((await pairingFrom('10.7.7.7')).status).toBe(200);
  });

  it('keeps at most DISPLAYS_MAX live displays per organisation (displayQuotaExceeded); revoked ones do not count', async () => {
    const live = Number((await t.db.query<{ n: number }>('select count(*)::int as n from screen_displays where ent_id = $1 and revoked_at is null', [ENT])).rows[0]!.n);
    await t.db.query(
      `insert into screen_displays (ent_id, name, layout) select $1, 'Filler ' || g, '{"map":true,"left":[],"right":[]}' from generate_series(1, $2::int) g`,
      [ENT, DISPLAYS_MAX - live],
    );
    const p = (await pairingFrom('10.4.0.1')).body.data;
    const r = await api(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: 'One too many', code: p.code });
    expect([r.status, r.body.code, (r.body.data as { reason: string }).reason]).toEqual([403, ServerCode.MemberQuotaExceeded, 'rule.displayQuotaExceeded']);
    // The code stays waiting: the refusal changed nothing.
    expect(await claim(p.secret)).toMatchObject({ status: 'waiting' });
    const filler = (await t.db.query<{ id: number }>("select id from screen_displays where ent_id = $1 and name = 'Filler 1'", [ENT])).rows[0]!.id;
    expect((await api(t.app, 'DELETE', `/api/screen/displays/${filler}`, s.admin.auth_token)).body.code).toBe(0);
    expect((await api(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: 'Now it fits', code: p.code })).body.code).toBe(0);
    await t.db.query("update screen_displays set revoked_at = now() where name like 'Filler %' or name = 'Now it fits'");
  });

  it("renames and lays out; the display and staff hear ScreenLayout; another organisation's id is 404", async () => {
    const { display, session } = await pairDisplay('Ops wall');
    const wall = await connect(session.auth_token);
    await wall.ping();
    const staff = await connect(s.dispatcher.auth_token);
    await staff.ping();
    const member = await connect(s.member1.auth_token);
    await member.ping();
    const layout: ScreenLayout = { map: true, left: ['alerts'], right: ['counts', 'sos'] };
    const before = await lastOperationId(t.db);
    const r = await api<Display>(t.app, 'PUT', `/api/screen/displays/${display.id}`, s.admin.auth_token, { name: 'Ops wall 2', layout });
    expect(r.body.data).toMatchObject({ id: display.id, name: 'Ops wall 2', layout });
    expect(await countOperations(t.db, ENT, OperationType.EnterpriseUpdate, before)).toBe(1);
    for (const p of [wall, staff]) {
      const f = await p.waitFor((x) => x.t === SCREEN_LAYOUT_KIND);
      expect(f).toEqual({ code: 0, topic: topics.screen(ENT), t: SCREEN_LAYOUT_KIND, data: { displayId: display.id, layout } });
    }
    await member.ping();
    expect(member.frames.filter((f) => f.topic.startsWith('screen/'))).toEqual([]);
    // A bad layout is an input error.
    const bad = await api(t.app, 'PUT', `/api/screen/displays/${display.id}`, s.admin.auth_token, { layout: { map: false, left: [], right: [] } });
    expect([bad.status, bad.body.code]).toEqual([400, ServerCode.ParameterError]);
    // Tenant scope.
    for (const [method, body] of [['PUT', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      const other = await api(t.app, method, `/api/screen/displays/${display.id}`, s.admin2.auth_token, body);
      expect([other.status, other.body.code]).toEqual([404, ServerCode.NotFound]);
    }
    expect((await api<{ items: Display[] }>(t.app, 'GET', '/api/screen/displays', s.admin2.auth_token)).body.data.items.some((d) => d.id === display.id)).toBe(false);
    expect((await api<ScreenMe>(t.app, 'GET', '/api/screen/me', session.auth_token)).body.data.display?.name).toBe('Ops wall 2');
  });

  it('revokes: the socket closes with 4000 within a second, REST and reconnecting are refused like an unknown token', async () => {
    const { display, session } = await pairDisplay('Revoked wall');
    const wall = await connect(session.auth_token);
    await wall.ping();
    const before = await lastOperationId(t.db);
    const started = Date.now();
    const r = await api(t.app, 'DELETE', `/api/screen/displays/${display.id}`, s.admin.auth_token);
    expect([r.status, r.body.code]).toEqual([200, 0]);
    expect(await wall.waitForClose()).toBe(WS_CLOSE.AuthFailed);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(wall.frames.at(-1)).toEqual({ code: ServerCode.AuthorizationFailed, topic: 'sys/auth', data: null, t: 'AuthFailed' });
    expect(await countOperations(t.db, ENT, OperationType.EnterpriseUpdate, before)).toBe(1);
    for (const url of ['/api/screen/summary', '/api/screen/members', '/api/screen/me']) {
      const refused = await api(t.app, 'GET', url, session.auth_token);
      expect([refused.status, refused.body.code, refused.body.data]).toEqual([401, ServerCode.AuthorizationFailed, null]);
    }
    const again = await connect(session.auth_token);
    expect(await again.waitForClose()).toBe(WS_CLOSE.AuthFailed);
    expect(again.frames).toEqual([{ code: ServerCode.AuthorizationFailed, topic: 'sys/auth', data: null, t: 'AuthFailed' }]);
    // Gone from the list; a second revoke is 404.
    expect((await api<{ items: Display[] }>(t.app, 'GET', '/api/screen/displays', s.admin.auth_token)).body.data.items.some((d) => d.id === display.id)).toBe(false);
    expect((await api(t.app, 'DELETE', `/api/screen/displays/${display.id}`, s.admin.auth_token)).status).toBe(404);
  });

  it('revoking a display that never claimed its credential makes its claim expire', async () => {
    const p = (await pairingFrom('10.5.0.1')).body.data;
    const created = await api<Display>(t.app, 'POST', '/api/screen/displays', s.admin.auth_token, { name: 'Never claimed', code: p.code });
    expect((await api(t.app, 'DELETE', `/api/screen/displays/${created.body.data.id}`, s.admin.auth_token)).body.code).toBe(0);
    expect(await claim(p.secret)).toEqual({ status: 'expired' });
  });

  it('refuses console users below screen.read (403/2001) and refuses no token (401/10000)', async () => {
    for (const url of ['/api/screen/summary', '/api/screen/members', '/api/screen/me']) {
      const r = await api(t.app, 'GET', url, s.member1.auth_token);
      expect([r.status, r.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
      const none = await api(t.app, 'GET', url, null);
      expect([none.status, none.body.code]).toEqual([401, ServerCode.AuthorizationFailed]);
      const bogus = await api(t.app, 'GET', url, 'd.not-a-display-token');
      expect([bogus.status, bogus.body.code]).toEqual([401, ServerCode.AuthorizationFailed]);
    }
    const dispatcherList = await api(t.app, 'GET', '/api/screen/displays', s.dispatcher.auth_token);
    expect([dispatcherList.status, dispatcherList.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
  });

  it('counts online, talking and sos as members come online, take a floor and raise an SOS; summary and frames agree', async () => {
    const { session } = await pairDisplay('Counts wall');
    const wall = await connect(session.auth_token);
    const first = (await wall.waitFor((f) => f.t === SCREEN_COUNTS_KIND)).data as ScreenCounts;
    const total = Number((await t.db.query<{ n: number }>('select count(*)::int as n from users where ent_id = $1', [ENT])).rows[0]!.n);
    expect(first.total).toBe(total);
    expect(first.online + first.offline).toBe(total);
    const counts = async () => (await api<ScreenSummary>(t.app, 'GET', '/api/screen/summary', session.auth_token)).body.data.counts;
    const base = await counts();
    const countsFrame = (match: (c: ScreenCounts) => boolean) => wall.waitFor((f) => f.t === SCREEN_COUNTS_KIND && match(f.data as ScreenCounts), 'ScreenCounts');

    // Two members come online.
    const m1 = await connect(s.member1.auth_token);
    const m2 = await connect(s.member2.auth_token);
    m1.send(onlineFrame(s.member1));
    m2.send(onlineFrame(s.member2));
    await countsFrame((c) => c.online === base.online + 2);
    expect(await counts()).toMatchObject({ online: base.online + 2, offline: base.offline - 2, total });

    // member1 takes the Security floor: ScreenFloor with the channel's name, talking + 1.
    const press = await api(t.app, 'POST', '/api/ptt/floor', s.member1.auth_token, { chatId: securityChat });
    expect(press.body.code).toBe(0);
    const floor = (await wall.waitFor((f) => f.t === SCREEN_FLOOR_KIND && (f.data as ScreenFloorFrame).reason === 'granted')).data as ScreenFloorFrame;
    expect(floor).toMatchObject({ chatId: securityChat, channelName: 'Security', holder: { uid: s.member1.id }, reason: 'granted' });
    await countsFrame((c) => c.talking === base.talking + 1);
    const summary = (await api<ScreenSummary>(t.app, 'GET', '/api/screen/summary', session.auth_token)).body.data;
    expect(summary.floors).toEqual([expect.objectContaining({ chatId: securityChat, channelName: 'Security', holder: { uid: s.member1.id, nickname: s.member1.nickname } })]);

    // member2 raises an SOS: the display hears SosMsg on the enterprise topic; sos + 1.
    m2.send({ code: 0, topic: topics.sos(ENT, s.member2.id), data: { lng: 116.4, lat: 39.9 }, t: SOS_KIND });
    await wall.waitFor((f) => f.t === 'SosMsg' && (f.data as { uid: number }).uid === s.member2.id);
    await countsFrame((c) => c.sos === base.sos + 1);
    const withSos = (await api<ScreenSummary>(t.app, 'GET', '/api/screen/summary', session.auth_token)).body.data;
    expect(withSos.sos.map((x) => x.uid)).toContain(s.member2.id);
    const starts = withSos.sos.map((x) => Date.parse(x.startedAt));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);

    // Release: ScreenFloor released and talking back.
    await api(t.app, 'POST', '/api/ptt/floor/release', s.member1.auth_token, { chatId: securityChat });
    await wall.waitFor((f) => f.t === SCREEN_FLOOR_KIND && (f.data as ScreenFloorFrame).reason === 'released');
    await countsFrame((c) => c.talking === base.talking);
    const sosId = (withSos.sos.find((x) => x.uid === s.member2.id)!).sosId;
    await api(t.app, 'POST', `/api/sos/${sosId}/close`, s.dispatcher.auth_token, {});
    await countsFrame((c) => c.sos === base.sos);
    await m1.close();
    await countsFrame((c) => c.online === base.online + 1);
  });

  it('sends positions and cross-border alerts to the display, never device, command or chat frames, and ignores what it sends', async () => {
    const { session } = await pairDisplay('Map wall');
    const wall = await connect(session.auth_token);
    await wall.ping();
    const staff = await connect(s.dispatcher.auth_token);
    await staff.ping();
    const m3 = await connect(s.member3.auth_token);
    await m3.ping();
    await api(t.app, 'POST', '/api/fences', s.admin.auth_token, {
      name: 'Screen fence', rule: 'leave', userIds: [s.member3.id], shape: { type: 'circle', center: { lng: 116.41, lat: 39.91 }, radius: 500 },
    });
    let at = Date.now();
    const report = (lng: number, lat: number) => m3.send({ code: 0, topic: topics.location(ENT, s.member3.id), data: { lng, lat, coord: 0, time: (at += 1_000) }, t: LOCATION_KIND });
    report(116.41, 39.91);
    await wall.waitFor((f) => f.t === LOCATION_KIND);
    // Two positions outside confirm the crossing (drift protection, ADR 027).
    report(116.5, 39.99);
    report(116.5, 39.99);
    const alert = await wall.waitFor((f) => f.t === SCREEN_ALERT_KIND);
    expect(alert.topic).toBe(topics.screen(ENT));
    expect(alert.data).toMatchObject({ uid: s.member3.id, fenceName: 'Screen fence', type: 'leave' });
    await staff.waitFor((f) => f.t === SCREEN_ALERT_KIND);
    await staff.waitFor((f) => f.t === 'WallAlert');
    const summary = (await api<ScreenSummary>(t.app, 'GET', '/api/screen/summary', session.auth_token)).body.data;
    expect(summary.alerts[0]).toMatchObject({ uid: s.member3.id, fenceName: 'Screen fence' });
    const members = (await api<ScreenMembers>(t.app, 'GET', '/api/screen/members', session.auth_token)).body.data;
    expect(members.items.find((m) => m.uid === s.member3.id)).toMatchObject({ lng: 116.5, lat: 39.99, nickname: s.member3.nickname });

    // Device change, command state, chat: staff hear them, the display does not.
    const device = (await t.db.query<{ id: number }>('select id from devices where ent_id = $1 and user_id = $2', [ENT, s.member3.id])).rows[0]!.id;
    await api(t.app, 'PUT', `/api/devices/${device}/status`, s.admin.auth_token, { status: 'disabled' });
    await api(t.app, 'PUT', `/api/devices/${device}/status`, s.admin.auth_token, { status: 'enabled' });
    await api(t.app, 'POST', `/api/devices/${device}/commands`, s.dispatcher.auth_token, { command: 3 });
    await api(t.app, 'POST', `/api/chats/${securityChat}/messages`, s.dispatcher.auth_token, { type: 0, content: { text: 'hello wall' } });
    await api(t.app, 'POST', `/api/users/${s.dispatcher.id}/messages`, s.member3.auth_token, { type: 0, content: { text: 'psst' } });
    await staff.waitFor((f) => f.t === 'DeviceChange');
    await staff.waitFor((f) => f.t === 'Message' && (f.data as { content?: { text?: string } }).content?.text === 'psst');
    // What the display sends is ignored: a position or an SOS for someone does nothing.
    const positions = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from locations where ent_id = $1', [ENT])).rows[0]!.n;
    const sosBefore = (await t.db.query<{ n: number }>('select count(*)::int as n from sos_records where ent_id = $1', [ENT])).rows[0]!.n;
    const posBefore = await positions();
    wall.send({ code: 0, topic: topics.location(ENT, s.member3.id), data: { lng: 1, lat: 1, coord: 0, time: Date.now() }, t: LOCATION_KIND });
    wall.send({ code: 0, topic: topics.sos(ENT, s.member3.id), data: { lng: 1, lat: 1 }, t: SOS_KIND });
    wall.send({ code: 0, topic: topics.heartbeat(ENT, s.member3.id), data: { t: 1, p: 1, cid: 'x' }, t: 'Heartbeat' });
    await wall.ping();
    await staff.ping();
    await new Promise((r) => setTimeout(r, 200));
    expect(await positions()).toBe(posBefore);
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from sos_records where ent_id = $1', [ENT])).rows[0]!.n).toBe(sosBefore);
    const kinds = new Set(wall.frames.map((f: Ws2Frame) => f.t));
    for (const k of ['DeviceChange', 'CommandStatus', 'Message', 'WallAlert', 'UserUp', 'Login', 'DeviceCommand']) expect(kinds.has(k)).toBe(false);
    for (const f of wall.frames) expect(['screen/', 'dispatch/', 'msg/listen/ent/', 'sys/'].some((p) => f.topic.startsWith(p))).toBe(true);
    // Never in presence.
    expect((await t.deps.presence.statuses(ENT)).some((x) => x.uid === session.id)).toBe(false);
  });

  it('stamps last_seen_at when the display socket opens', async () => {
    const { display, session } = await pairDisplay('Seen wall');
    await t.db.query('update screen_displays set last_seen_at = null where id = $1', [display.id]);
    const wall = await connect(session.auth_token);
    await wall.ping();
    await new Promise((r) => setTimeout(r, 100));
    const list = (await api<{ items: Display[] }>(t.app, 'GET', '/api/screen/displays', s.admin.auth_token)).body.data.items;
    expect(list.find((d) => d.id === display.id)).toMatchObject({ online: true });
  });

  it('a display credential opens the screen routes and nothing else: every other route refuses it like an unknown token', async () => {
    const { session } = await pairDisplay('Walker wall');
    const token = session.auth_token;
    const problems: string[] = [];
    for (const route of allRoutes) {
      if (route.auth === 'public') continue;
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'chatId' ? `${ENT}-1-1` : '1'));
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const r = await api(t.app, route.method, url, token, body);
      const label = `${route.method} ${route.url}: ${r.status} ${r.body?.code}`;
      if (route.auth === 'screen') {
        if (r.status !== 200 || r.body.code !== 0) problems.push(`refused: ${label}`);
      } else if (r.status !== 401 || r.body.code !== ServerCode.AuthorizationFailed) {
        problems.push(`not refused: ${label}`);
      }
    }
    expect(problems).toEqual([]);
    // The screen routes are exactly the ones that take it; managing displays is not one of them.
    expect(allRoutes.filter((r) => r.auth === 'screen').map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/screen/me', 'GET /api/screen/members', 'GET /api/screen/summary']);
    expect(allRoutes.filter((r) => r.url.startsWith('/api/screen/displays')).every((r) => routeAction(r.auth) === 'screen.displays')).toBe(true);
    // Still a working credential after the walk.
    expect((await api(t.app, 'GET', '/api/screen/me', token)).body.code).toBe(0);
  });
});
