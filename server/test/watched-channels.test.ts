import {
  ServerCode,
  WATCHED_CHANNELS_KIND,
  WATCHED_CHANNELS_MAX,
  topics,
  httpStatusFor,
  watchedChannelsSchema,
  type ChannelDetail,
  type Session,
  type WatchedChannel,
  type WatchedChannels,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type ApiAnswer, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// GET/PUT /api/me/watched-channels (issue 19, ADR 023) through the real routes and database:
// the list and its order, the PTT room rule on every channel, nothing saved on a refusal.

type Who = 'superadmin' | 'admin' | 'd1' | 'd2' | 'm1' | 'stranger';

const watch = (channelId: number, over: Partial<WatchedChannel> = {}): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false, ...over });

describe.each(DB_KINDS)('watched channels on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<Who, Session>;
  const ch = {} as Record<'General' | 'Security' | 'Logistics' | 'Operations', number>;

  const get = async (who: Who): Promise<WatchedChannels> => {
    const r = await api(t.app, 'GET', '/api/me/watched-channels', s[who].auth_token);
    expect([r.status, r.body.code]).toEqual([200, 0]);
    return watchedChannelsSchema.parse(r.body.data);
  };
  const put = (who: Who, body: unknown) => api<WatchedChannels>(t.app, 'PUT', '/api/me/watched-channels', s[who].auth_token, body);
  const refusal = (r: ApiAnswer) => {
    const data = r.body.data as { reason?: string; issues?: { message: string }[] } | null;
    return [r.status, r.body.code, data?.reason ?? data?.issues?.map((i) => i.message).join(',')];
  };
  const newChannel = async (name: string, memberIds: number[]): Promise<number> => {
    const r = await api<ChannelDetail>(t.app, 'POST', '/api/channels', s.admin.auth_token, { name, memberIds });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    return r.body.data.id;
  };
  const rowsOf = async (who: Who) =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from watched_channels where user_id = $1', [s[who].id])).rows[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.listen();
    s.superadmin = await loginAs(t.app, 'superadmin');
    s.admin = await loginAs(t.app, 'admin');
    s.d1 = await loginAs(t.app, 'dispatcher1');
    s.d2 = await loginAs(t.app, 'dispatcher2');
    s.m1 = await loginAs(t.app, 'member1');
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    const r = await t.db.query<{ id: number; name: string; ent_id: number }>('select id, name, ent_id from channels where ent_id in ($1, $2)', [DEMO_ENT_ID, SECOND_ENT_ID]);
    for (const row of r.rows) ch[row.name as keyof typeof ch] = Number(row.id);
    expect(Object.keys(ch).sort()).toEqual(['General', 'Logistics', 'Operations', 'Security']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an empty list to a user who watches nothing, and needs a session', async () => {
    expect(await get('d1')).toEqual({ channels: [] });
    const anon = await api(t.app, 'GET', '/api/me/watched-channels', null);
    expect(anon.status).toBe(401);
  });

  it('saves the whole list and answers it, in the order given, with each channel’s settings', async () => {
    const list = [watch(ch.Logistics, { volume: 30, pan: 'left' }), watch(ch.General, { muted: true, volume: 0 }), watch(ch.Security, { pan: 'right', volume: 100 })];
    const r = await put('d1', { channels: list });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    expect(watchedChannelsSchema.parse(r.body.data)).toEqual({ channels: list });
    expect(await get('d1')).toEqual({ channels: list });
    // A second save replaces, it does not append: new order, one channel dropped.
    const next = [watch(ch.Security, { pan: 'right' }), watch(ch.Logistics)];
    expect((await put('d1', { channels: next })).body.data).toEqual({ channels: next });
    expect(await get('d1')).toEqual({ channels: next });
    expect(await rowsOf('d1')).toBe(2);
  });

  it('keeps the priority flag of each channel; a channel sent without one is not priority', async () => {
    const list = [watch(ch.General, { priority: true }), watch(ch.Security)];
    expect((await put('d1', { channels: list })).body.data).toEqual({ channels: list });
    expect(await get('d1')).toEqual({ channels: list });
    // An older console sends no priority at all: saved as false, answered as false.
    const { priority: _ignored, ...bare } = watch(ch.Logistics);
    const r = await put('d1', { channels: [bare, watch(ch.General, { priority: true })] });
    expect([r.status, r.body.code]).toEqual([200, 0]);
    expect((await get('d1')).channels.map((c) => [c.channelId, c.priority])).toEqual([
      [ch.Logistics, false],
      [ch.General, true],
    ]);
    expect((await put('d1', { channels: [watch(ch.General, { priority: 'yes' as unknown as boolean })] })).status).toBe(400);
    // Switched off again by the next save.
    expect((await put('d1', { channels: [watch(ch.General)] })).body.code).toBe(0);
    expect(await get('d1')).toEqual({ channels: [watch(ch.General)] });
  });

  it("refuses a channel the caller may not be in with the room's refusal and saves nothing", async () => {
    const before = await get('d1');
    const notD1 = await newChannel('Watch not mine', [s.m1.id]);
    const d1Member = await t.db.query('select 1 from channel_members where channel_id = $1 and user_id = $2', [notD1, s.d1.id]);
    expect(d1Member.rows).toHaveLength(0);
    // Staff off the channel: 'Insufficient permissions', as when joining its PTT room.
    const staff = await put('d1', { channels: [watch(ch.General), watch(notD1)] });
    expect(refusal(staff)).toEqual([httpStatusFor(ServerCode.InsufficientPermissions), ServerCode.InsufficientPermissions, 'rule.insufficientPermissions']);
    expect(await get('d1')).toEqual(before);
    // A member is told a channel they are not on does not exist; so is anyone about another
    // enterprise's channel or an id that names nothing.
    expect(refusal(await put('m1', { channels: [watch(ch.Logistics)] }))).toEqual([404, ServerCode.ChannelNotFound, 'rule.notFound']);
    expect(refusal(await put('d1', { channels: [watch(ch.Operations)] }))).toEqual([404, ServerCode.ChannelNotFound, 'rule.notFound']);
    expect(refusal(await put('d1', { channels: [watch(2_000_000_000)] }))).toEqual([404, ServerCode.ChannelNotFound, 'rule.notFound']);
    expect(await rowsOf('m1')).toBe(0);
    expect(await get('d1')).toEqual(before);
  });

  it('refuses a suspended or disbanded channel with the rule of the room', async () => {
    const before = await get('d1');
    const suspended = await newChannel('Watch suspended', [s.d1.id]);
    expect((await api(t.app, 'POST', `/api/channels/${suspended}/suspend`, s.admin.auth_token)).body.code).toBe(0);
    expect(refusal(await put('d1', { channels: [watch(suspended)] }))).toEqual([409, ServerCode.ChannelAbnormal, 'rule.channelSuspended']);
    const disbanded = await newChannel('Watch disbanded', [s.d1.id]);
    expect((await api(t.app, 'POST', `/api/channels/${disbanded}/disband`, s.admin.auth_token)).body.code).toBe(0);
    expect(refusal(await put('d1', { channels: [watch(disbanded)] }))).toEqual([409, ServerCode.ChannelAbnormal, 'rule.channelDisbanded']);
    expect(await get('d1')).toEqual(before);
  });

  it('refuses duplicates, too many channels and bad settings with 400/2004 and the key, never a 500, saving nothing', async () => {
    const before = await get('d1');
    const bad = (body: unknown) => put('d1', body).then(refusal);
    expect(await bad({ channels: [watch(ch.General), watch(ch.General, { pan: 'left' })] })).toEqual([400, ServerCode.ParameterError, 'validation.watchedChannelDuplicate']);
    const many = Array.from({ length: WATCHED_CHANNELS_MAX + 1 }, (_, i) => watch(ch.General + 1000 + i));
    expect(await bad({ channels: many })).toEqual([400, ServerCode.ParameterError, 'validation.watchedChannelsTooMany']);
    expect(await bad({ channels: [watch(ch.General, { volume: 101 })] })).toEqual([400, ServerCode.ParameterError, 'validation.volumeInvalid']);
    expect(await bad({ channels: [{ ...watch(ch.General), pan: 'up' }] })).toEqual([400, ServerCode.ParameterError, 'validation.panInvalid']);
    expect((await put('d1', { channels: [{ ...watch(ch.General), extra: true }] })).status).toBe(400);
    expect((await put('d1', {})).status).toBe(400);
    expect(await get('d1')).toEqual(before);
  });

  it('leaves out a channel the caller was removed from, or that was suspended, disbanded or deleted', async () => {
    const ids = await Promise.all(['Watch leave', 'Watch suspend later', 'Watch disband later', 'Watch delete later'].map((n) => newChannel(n, [s.d1.id])));
    const [left, suspended, disbanded, deleted] = ids as [number, number, number, number];
    const list = [watch(ch.General), ...ids.map((id) => watch(id)), watch(ch.Security)];
    expect((await put('d1', { channels: list })).body.code).toBe(0);
    expect((await get('d1')).channels.map((c) => c.channelId)).toEqual([ch.General, ...ids, ch.Security]);

    expect((await api(t.app, 'DELETE', `/api/channels/${left}/members/${s.d1.id}`, s.admin.auth_token)).body.code).toBe(0);
    expect((await api(t.app, 'POST', `/api/channels/${suspended}/suspend`, s.admin.auth_token)).body.code).toBe(0);
    expect((await api(t.app, 'POST', `/api/channels/${disbanded}/disband`, s.admin.auth_token)).body.code).toBe(0);
    expect((await api(t.app, 'DELETE', `/api/channels/${deleted}`, s.superadmin.auth_token)).body.code).toBe(0);
    expect((await get('d1')).channels.map((c) => c.channelId)).toEqual([ch.General, ch.Security]);

    // Resumed, the channel is watchable again and comes back in its place with its settings.
    expect((await api(t.app, 'POST', `/api/channels/${suspended}/resume`, s.admin.auth_token)).body.code).toBe(0);
    expect((await get('d1')).channels.map((c) => c.channelId)).toEqual([ch.General, suspended, ch.Security]);
  });

  it("tells the user's own sockets the saved list after a save, and nobody's after a refusal", async () => {
    const mine = await WsProbe.open(t.baseUrl, s.d1.auth_token);
    const theirs = await WsProbe.open(t.baseUrl, s.d2.auth_token);
    try {
      await Promise.all([mine.ping(), theirs.ping()]);
      const isWatch = (f: { t: string }) => f.t === WATCHED_CHANNELS_KIND;
      expect(refusal(await put('d1', { channels: [watch(ch.Operations)] }))[1]).toBe(ServerCode.ChannelNotFound);
      const list = [watch(ch.Security, { pan: 'left', volume: 42 }), watch(ch.General)];
      expect((await put('d1', { channels: list })).body.code).toBe(0);
      const frame = await mine.waitFor((f) => isWatch(f), 'WatchedChannels at d1');
      expect(frame.topic).toBe(topics.userListen(DEMO_ENT_ID, s.d1.id));
      expect(watchedChannelsSchema.parse(frame.data)).toEqual({ channels: list });
      await Promise.all([mine.ping(), theirs.ping()]);
      // One frame (the refusal sent none), and none at another user.
      expect(mine.frames.filter(isWatch)).toHaveLength(1);
      expect(theirs.frames.filter(isWatch)).toEqual([]);
    } finally {
      await Promise.all([mine.close(), theirs.close()]);
    }
  });

  it("keeps each user's list apart", async () => {
    const d1Before = await get('d1');
    expect(d1Before.channels.length).toBeGreaterThan(0);
    expect(await get('d2')).toEqual({ channels: [] });
    const d2List = [watch(ch.Logistics, { pan: 'right', volume: 55 })];
    expect((await put('d2', { channels: d2List })).body.code).toBe(0);
    expect(await get('d2')).toEqual({ channels: d2List });
    expect(await get('d1')).toEqual(d1Before);
    // The other enterprise's dispatcher1 is another user too.
    expect(await get('stranger')).toEqual({ channels: [] });
    expect((await put('stranger', { channels: [watch(ch.Operations)] })).body.code).toBe(0);
    expect(await get('d1')).toEqual(d1Before);
    // An empty save clears one list only.
    expect((await put('d2', { channels: [] })).body.data).toEqual({ channels: [] });
    expect(await get('d1')).toEqual(d1Before);
  });
});
