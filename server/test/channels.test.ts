import {
  OperationType,
  RULES,
  Role,
  ServerCode,
  channelDetailSchema,
  channelMemberSchema,
  channelSchema,
  pageSchema,
  topics,
  type Channel,
  type ChannelDetail,
  type ChannelMember,
  type Page,
  type RuleKey,
} from '@ptt/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../src/auth/password';
import { addToEnterpriseChannel } from '../src/channels/channel.repository';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { InProcessHub } from '../src/ws/hub';
import { createTestApp, loginAs, type Envelope, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

/** Remembers every frame published, so tests can check the real-time side of a change. */
class RecordingHub extends InProcessHub {
  frames: { topic: string; t: string; data: unknown }[] = [];

  override publish(topic: string, t: string, data: unknown): Promise<void> {
    // The server's own internal topics (memberships, revocations) are not part of the channel API,
    // and the chat's system messages (kind Message, 200-203) are tested in chat.test.ts.
    if (!topic.startsWith('sys/internal/') && t !== 'Message') this.frames.push({ topic, t, data });
    return super.publish(topic, t, data);
  }
}

type Who = 'superadmin' | 'admin' | 'dispatcher1' | 'dispatcher2' | 'member1' | 'member4' | 'boss2' | 'other1';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const channelPage = pageSchema(channelSchema);
const memberPage = pageSchema(channelMemberSchema);

describe.each(DB_KINDS)('channels on %s', (kind) => {
  let t: TestApp;
  let hub: RecordingHub;
  const tokens = {} as Record<Who, string>;
  const userIds = {} as Record<Who | 'member2' | 'member3' | 'member5' | 'member6' | 'guard1', number>;
  const seeded = {} as Record<'General' | 'Security' | 'Logistics' | 'Operations', number>;
  let counter = 0;

  beforeAll(async () => {
    hub = new RecordingHub();
    t = await createTestApp(kind, { hub });
    // A super admin of the second organisation, to prove a full-power token of another tenant sees nothing.
    await t.db.query(`insert into users (ent_id, account, nickname, password_hash, role) values ($1, 'boss2', 'Boss 2', $2, $3)`, [
      SECOND_ENT_ID,
      await hashPassword(DEMO_PASSWORD),
      Role.SuperAdmin,
    ]);
    const logins: [Who, string, number][] = [
      ['superadmin', 'superadmin', DEMO_ENT_ID],
      ['admin', 'admin', DEMO_ENT_ID],
      ['dispatcher1', 'dispatcher1', DEMO_ENT_ID],
      ['dispatcher2', 'dispatcher2', DEMO_ENT_ID],
      ['member1', 'member1', DEMO_ENT_ID],
      ['member4', 'member4', DEMO_ENT_ID],
      ['boss2', 'boss2', SECOND_ENT_ID],
      ['other1', 'dispatcher1', SECOND_ENT_ID],
    ];
    for (const [who, account, entId] of logins) tokens[who] = (await loginAs(t.app, account, entId)).auth_token;
    const users = await t.db.query<{ id: number; account: string; ent_id: number }>('select id, account, ent_id from users');
    for (const u of users.rows) {
      const key = u.ent_id === DEMO_ENT_ID ? u.account : u.account === 'dispatcher1' ? 'other1' : u.account;
      (userIds as Record<string, number>)[key] = u.id;
    }
    const channels = await t.db.query<{ id: number; name: string }>('select id, name from channels');
    for (const c of channels.rows) (seeded as Record<string, number>)[c.name] = c.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call(who: Who, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  function okData<S extends z.ZodType>(res: LightMyRequestResponse, schema: S): z.output<S> {
    const body = res.json<Envelope>();
    expect({ status: res.statusCode, code: body.code, data: body.data }).toMatchObject({ status: 200, code: 0 });
    return schema.parse(body.data);
  }

  function expectRule(res: LightMyRequestResponse, status: number, code: number, rule: RuleKey): void {
    const body = res.json<Envelope<{ reason?: string }>>();
    expect({ status: res.statusCode, code: body.code, reason: body.data?.reason, msg: body.msg }).toEqual({
      status,
      code,
      reason: `rule.${rule}`,
      msg: RULES[rule],
    });
  }

  function expectChannelNotFound(res: LightMyRequestResponse): void {
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ServerCode.ChannelNotFound, msg: 'channel not found' });
  }

  function expectInvalid(res: LightMyRequestResponse, message: string): void {
    const body = res.json<Envelope<{ issues: { message: string }[] }>>();
    expect(res.statusCode).toBe(400);
    expect(body.code).toBe(ServerCode.ParameterError);
    expect(body.data.issues.map((i) => i.message)).toContain(message);
  }

  /** Operation types written while `fn` runs, in order. */
  async function opsDuring(fn: () => Promise<unknown>): Promise<number[]> {
    const before = await t.db.query<{ max: number | null }>('select max(id) as max from operation_logs');
    await fn();
    const after = await t.db.query<{ type: number }>('select type from operation_logs where id > $1 order by id', [before.rows[0]?.max ?? 0]);
    return after.rows.map((r) => r.type);
  }

  async function framesDuring(fn: () => Promise<unknown>): Promise<{ topic: string; t: string; data: unknown }[]> {
    const from = hub.frames.length;
    await fn();
    return hub.frames.slice(from);
  }

  /** A fresh channel made by the super admin (dispatcher1 is on it, dispatcher2 is not). */
  async function makeChannel(members: number[] = [userIds.dispatcher1, userIds.member1]): Promise<ChannelDetail> {
    counter += 1;
    const res = await call('superadmin', 'POST', '/api/channels', { name: `Team ${counter}`, memberIds: members });
    return okData(res, channelDetailSchema);
  }

  async function channelRow(id: number): Promise<unknown> {
    const c = await t.db.query('select name, enabled, disbanded_at, updated_at from channels where id = $1', [id]);
    const m = await t.db.query('select user_id, role, level, remark, enabled from channel_members where channel_id = $1 order by user_id', [id]);
    return { channel: c.rows, members: m.rows };
  }

  describe('list', () => {
    it('shows staff every live channel of their enterprise, members only their own', async () => {
      const all = okData(await call('dispatcher2', 'GET', '/api/channels?size=200'), channelPage);
      const names = all.items.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(['General', 'Security', 'Logistics']));
      expect(names).not.toContain('Operations');
      const general = all.items.find((c) => c.id === seeded.General)!;
      expect(general).toMatchObject({ isEnterprise: true, enabled: true, disbanded: false, disbandedAt: null, memberCount: 8 });

      const mine = okData(await call('member4', 'GET', '/api/channels?size=200'), channelPage);
      expect(mine.items.map((c) => c.name).sort()).toEqual(['General', 'Logistics']);
      expect(mine.total).toBe(2);
    });

    it('pages, sorts, searches and filters', async () => {
      const page2 = okData(await call('admin', 'GET', '/api/channels?size=1&page=2&sort=name&order=asc&q=i'), channelPage);
      // Names containing "i" in name order: Logistics, Security.
      expect(page2).toEqual({ items: [expect.objectContaining({ name: 'Security' })], total: 2 });
      const byId = okData(await call('admin', 'GET', `/api/channels?q=${seeded.Security}`), channelPage);
      expect(byId.items.map((c) => c.id)).toContain(seeded.Security);
      const ofUser = okData(await call('admin', 'GET', `/api/channels?userId=${userIds.member4}&sort=id`), channelPage);
      expect(ofUser.items.map((c) => c.name)).toEqual(['General', 'Logistics']);
      const biggest = okData(await call('admin', 'GET', '/api/channels?sort=memberCount&order=desc&size=1'), channelPage);
      expect(biggest.items[0]?.name).toBe('General');

      const c = await makeChannel();
      okData(await call('admin', 'POST', `/api/channels/${c.id}/suspend`), channelSchema);
      const suspended = okData(await call('admin', 'GET', '/api/channels?enabled=false&size=200'), channelPage);
      expect(suspended.items.map((x) => x.id)).toContain(c.id);
      expect(suspended.items.every((x) => !x.enabled)).toBe(true);
      okData(await call('admin', 'POST', `/api/channels/${c.id}/disband`), channelSchema);
      const live = okData(await call('admin', 'GET', '/api/channels?size=200'), channelPage);
      expect(live.items.map((x) => x.id)).not.toContain(c.id);
      const gone = okData(await call('admin', 'GET', '/api/channels?disbanded=true&size=200'), channelPage);
      expect(gone.items.map((x) => x.id)).toContain(c.id);
    });

    it('refuses an unknown sort with 2004', async () => {
      const res = await call('admin', 'GET', '/api/channels?sort=password');
      expect(res.json()).toMatchObject({ code: ServerCode.ParameterError });
    });
  });

  describe('get one', () => {
    it('returns the channel with its members', async () => {
      const c = okData(await call('member1', 'GET', `/api/channels/${seeded.Security}`), channelDetailSchema);
      expect(c).toMatchObject({ id: seeded.Security, name: 'Security', isEnterprise: false, memberCount: 5 });
      expect(c.members.map((m) => m.account).sort()).toEqual(['dispatcher1', 'dispatcher2', 'member1', 'member2', 'member3']);
      expect(c.members[0]).toMatchObject({ role: Role.Dispatcher, level: 1, enabled: true, remark: null });
    });

    it('answers 2011 for a channel a member is not on, an unknown id and another enterprise', async () => {
      expectChannelNotFound(await call('member4', 'GET', `/api/channels/${seeded.Security}`));
      expectChannelNotFound(await call('admin', 'GET', '/api/channels/999999'));
      expectChannelNotFound(await call('admin', 'GET', `/api/channels/${seeded.Operations}`));
      expect((await call('admin', 'GET', '/api/channels/abc')).json()).toMatchObject({ code: ServerCode.ParameterError });
    });
  });

  describe('create', () => {
    it('creates with initial members: one record, ChannelChange and ChannelUserAdd frames', async () => {
      let detail!: ChannelDetail;
      const frames = await framesDuring(async () => {
        const ops = await opsDuring(async () => {
          detail = okData(await call('admin', 'POST', '/api/channels', { name: '  Night shift ', memberIds: [userIds.member2, userIds.dispatcher2] }), channelDetailSchema);
        });
        expect(ops).toEqual([OperationType.ChannelAdd]);
      });
      expect(detail).toMatchObject({ name: 'Night shift', enabled: true, disbanded: false, isEnterprise: false, memberCount: 2 });
      expect(detail.members).toEqual([
        expect.objectContaining({ userId: userIds.dispatcher2, role: Role.Dispatcher, level: 1 }),
        expect.objectContaining({ userId: userIds.member2, role: Role.User, level: 0 }),
      ]);
      expect(frames).toEqual([
        { topic: topics.entListen(DEMO_ENT_ID), t: 'ChannelChange', data: { action: 'create', channelId: detail.id, name: 'Night shift', enabled: true } },
        { topic: topics.channelListen(DEMO_ENT_ID, detail.id), t: 'ChannelUserAdd', data: { channelId: detail.id, userIds: [userIds.member2, userIds.dispatcher2] } },
      ]);
      const log = await t.db.query<{ user_id: number; account: string; ent_id: number }>(
        'select user_id, account, ent_id from operation_logs where type = $1 order by id desc limit 1',
        [OperationType.ChannelAdd],
      );
      expect(log.rows[0]).toEqual({ user_id: userIds.admin, account: 'admin', ent_id: DEMO_ENT_ID });
    });

    it('applies the name rules of section 5', async () => {
      expectInvalid(await call('admin', 'POST', '/api/channels', { name: '  ' }), 'validation.channelNameRequired');
      expectInvalid(await call('admin', 'POST', '/api/channels', {}), 'validation.channelNameRequired');
      expectInvalid(await call('admin', 'POST', '/api/channels', { name: 'x'.repeat(33) }), 'validation.channelNameTooLong');
      expectInvalid(await call('admin', 'POST', '/api/channels', { name: '<script>' }), 'validation.channelNameIllegal');
      const ops = await opsDuring(async () => {
        expectRule(await call('admin', 'POST', '/api/channels', { name: 'security' }), 409, ServerCode.AlreadyExists, 'channelNameExists');
      });
      expect(ops).toEqual([]);
    });

    it('refuses the same user twice (memberAlreadyExists) and users of another enterprise (2012)', async () => {
      const twice = await call('admin', 'POST', '/api/channels', { name: 'Twice', memberIds: [userIds.member1, userIds.member1] });
      expectRule(twice, 409, ServerCode.AlreadyExists, 'memberAlreadyExists');
      const foreign = await call('admin', 'POST', '/api/channels', { name: 'Foreign', memberIds: [userIds.guard1] });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: ServerCode.NotFound, data: { reason: 'rule.notFound', userIds: [userIds.guard1] } });
      const names = await t.db.query(`select 1 from channels where name in ('Twice', 'Foreign')`);
      expect(names.rows).toEqual([]);
    });

    it('counts live channels against the quota (1004); a disbanded one frees its place', async () => {
      const live = await t.db.query<{ n: number }>('select count(*)::int as n from channels where ent_id = $1 and disbanded_at is null', [DEMO_ENT_ID]);
      await t.db.query('update enterprises set max_channels = $2 where id = $1', [DEMO_ENT_ID, live.rows[0]!.n + 1]);
      try {
        const first = okData(await call('admin', 'POST', '/api/channels', { name: 'Quota A' }), channelDetailSchema);
        expectRule(await call('admin', 'POST', '/api/channels', { name: 'Quota B' }), 403, ServerCode.ChannelQuotaExceeded, 'channelQuotaExceeded');
        okData(await call('admin', 'POST', `/api/channels/${first.id}/disband`), channelSchema);
        okData(await call('admin', 'POST', '/api/channels', { name: 'Quota B' }), channelDetailSchema);
      } finally {
        await t.db.query('update enterprises set max_channels = 200 where id = $1', [DEMO_ENT_ID]);
      }
    });

    it('is for admins and super admins only (2001)', async () => {
      for (const who of ['dispatcher1', 'member1'] as const) {
        expectRule(await call(who, 'POST', '/api/channels', { name: 'Nope' }), 403, ServerCode.InsufficientPermissions, 'insufficientPermissions');
      }
    });
  });

  describe('rename', () => {
    it('renames with one record and a ChannelChange frame; the same name again changes nothing', async () => {
      const c = await makeChannel();
      const frames = await framesDuring(async () => {
        const ops = await opsDuring(async () => {
          const renamed = okData(await call('admin', 'PATCH', `/api/channels/${c.id}`, { name: `${c.name} renamed` }), channelSchema);
          expect(renamed.name).toBe(`${c.name} renamed`);
        });
        expect(ops).toEqual([OperationType.ChannelUpdate]);
      });
      expect(frames).toEqual([
        { topic: topics.entListen(DEMO_ENT_ID), t: 'ChannelChange', data: { action: 'update', channelId: c.id, name: `${c.name} renamed`, enabled: true } },
      ]);
      expect(await opsDuring(() => call('admin', 'PATCH', `/api/channels/${c.id}`, { name: `${c.name} renamed` }))).toEqual([]);
    });

    it('refuses a name in use (2000) and a bad name (2004)', async () => {
      const c = await makeChannel();
      expectRule(await call('admin', 'PATCH', `/api/channels/${c.id}`, { name: 'LOGISTICS' }), 409, ServerCode.AlreadyExists, 'channelNameExists');
      expectInvalid(await call('admin', 'PATCH', `/api/channels/${c.id}`, { name: '' }), 'validation.channelNameRequired');
      expect(await t.db.query('select name from channels where id = $1', [c.id])).toMatchObject({ rows: [{ name: c.name }] });
    });

    it('is refused to dispatchers (2001)', async () => {
      expectRule(await call('dispatcher1', 'PATCH', `/api/channels/${seeded.Security}`, { name: 'Mine' }), 403, ServerCode.InsufficientPermissions, 'insufficientPermissions');
    });
  });

  describe('suspend and resume', () => {
    it('suspends and resumes with one record each and the status frames; repeating changes nothing', async () => {
      const c = await makeChannel();
      const frames = await framesDuring(async () => {
        expect(await opsDuring(async () => {
          expect(okData(await call('admin', 'POST', `/api/channels/${c.id}/suspend`), channelSchema).enabled).toBe(false);
        })).toEqual([OperationType.ChannelSuspend]);
      });
      expect(frames).toEqual([
        { topic: topics.entListen(DEMO_ENT_ID), t: 'ChannelChange', data: { action: 'suspend', channelId: c.id, name: c.name, enabled: false } },
        { topic: topics.channelListen(DEMO_ENT_ID, c.id), t: 'ChannelStatus', data: { channelId: c.id, enabled: false } },
      ]);
      expect(await opsDuring(() => call('admin', 'POST', `/api/channels/${c.id}/suspend`))).toEqual([]);
      expect(await opsDuring(async () => {
        expect(okData(await call('admin', 'POST', `/api/channels/${c.id}/resume`), channelSchema).enabled).toBe(true);
      })).toEqual([OperationType.ChannelResume]);
    });

    it('lets a dispatcher act only on channels they are on', async () => {
      const c = await makeChannel();
      okData(await call('dispatcher1', 'POST', `/api/channels/${c.id}/suspend`), channelSchema);
      const before = await channelRow(c.id);
      const ops = await opsDuring(async () => {
        expectRule(await call('dispatcher2', 'POST', `/api/channels/${c.id}/resume`), 403, ServerCode.InsufficientPermissions, 'insufficientPermissions');
      });
      expect(ops).toEqual([]);
      expect(await channelRow(c.id)).toEqual(before);
      okData(await call('dispatcher1', 'POST', `/api/channels/${c.id}/resume`), channelSchema);
      expectRule(await call('member1', 'POST', `/api/channels/${c.id}/suspend`), 403, ServerCode.InsufficientPermissions, 'insufficientPermissions');
    });
  });

  describe('disband', () => {
    it('removes every member, frees the name and keeps the row', async () => {
      const c = await makeChannel([userIds.member1, userIds.member2]);
      let out!: Channel;
      const frames = await framesDuring(async () => {
        expect(await opsDuring(async () => {
          out = okData(await call('admin', 'POST', `/api/channels/${c.id}/disband`), channelSchema);
        })).toEqual([OperationType.ChannelDisband]);
      });
      expect(out).toMatchObject({ id: c.id, disbanded: true, memberCount: 0 });
      expect(out.disbandedAt).toEqual(expect.any(String));
      expect(frames).toEqual([
        { topic: topics.entListen(DEMO_ENT_ID), t: 'ChannelChange', data: { action: 'disband', channelId: c.id, name: c.name, enabled: true } },
        { topic: topics.userListen(DEMO_ENT_ID, userIds.member1), t: 'ChannelUserDel', data: { channelId: c.id, reason: 'disband' } },
        { topic: topics.userListen(DEMO_ENT_ID, userIds.member2), t: 'ChannelUserDel', data: { channelId: c.id, reason: 'disband' } },
      ]);
      okData(await call('admin', 'POST', '/api/channels', { name: c.name }), channelDetailSchema);
      expect(okData(await call('admin', 'GET', `/api/channels/${c.id}`), channelDetailSchema).members).toEqual([]);
    });

    it('answers 2016 for any change to a disbanded channel', async () => {
      const c = await makeChannel();
      okData(await call('admin', 'POST', `/api/channels/${c.id}/disband`), channelSchema);
      const ops = await opsDuring(async () => {
        const attempts: [Who, Method, string, unknown?][] = [
          ['admin', 'POST', `/api/channels/${c.id}/disband`],
          ['admin', 'PATCH', `/api/channels/${c.id}`, { name: 'Back again' }],
          ['admin', 'POST', `/api/channels/${c.id}/suspend`],
          ['admin', 'POST', `/api/channels/${c.id}/members`, { members: [{ userId: userIds.member3 }] }],
          ['admin', 'PATCH', `/api/channels/${c.id}/members/${userIds.member1}`, { level: 3 }],
          ['admin', 'DELETE', `/api/channels/${c.id}/members/${userIds.member1}`],
        ];
        for (const [who, method, url, body] of attempts) {
          expectRule(await call(who, method, url, body), 409, ServerCode.ChannelAbnormal, 'channelDisbanded');
        }
      });
      expect(ops).toEqual([]);
    });

    it('refuses the enterprise channel (2017) and dispatchers (2001)', async () => {
      expectRule(await call('admin', 'POST', `/api/channels/${seeded.General}/disband`), 409, ServerCode.EnterpriseChannelNotDeletable, 'enterpriseChannelNotDeletable');
      expectRule(await call('dispatcher1', 'POST', `/api/channels/${seeded.Security}/disband`), 403, ServerCode.InsufficientPermissions, 'insufficientPermissions');
      expect(okData(await call('admin', 'GET', `/api/channels/${seeded.General}`), channelDetailSchema)).toMatchObject({ disbanded: false, memberCount: 8 });
    });
  });

  describe('delete', () => {
    it('deletes for good with one record; members are told', async () => {
      const c = await makeChannel([userIds.member3]);
      const frames = await framesDuring(async () => {
        expect(await opsDuring(async () => {
          okData(await call('superadmin', 'DELETE', `/api/channels/${c.id}`), z.null());
        })).toEqual([OperationType.ChannelDelete]);
      });
      expect(frames).toEqual([
        { topic: topics.entListen(DEMO_ENT_ID), t: 'ChannelChange', data: { action: 'delete', channelId: c.id, name: c.name, enabled: true } },
        { topic: topics.userListen(DEMO_ENT_ID, userIds.member3), t: 'ChannelUserDel', data: { channelId: c.id, reason: 'delete' } },
      ]);
      expect((await t.db.query('select 1 from channels where id = $1', [c.id])).rows).toEqual([]);
      expect((await t.db.query('select 1 from channel_members where channel_id = $1', [c.id])).rows).toEqual([]);
      expectChannelNotFound(await call('superadmin', 'DELETE', `/api/channels/${c.id}`));
    });

    it('refuses the enterprise channel (2017) and everyone below super admin (2001)', async () => {
      expectRule(await call('superadmin', 'DELETE', `/api/channels/${seeded.General}`), 409, ServerCode.EnterpriseChannelNotDeletable, 'enterpriseChannelNotDeletable');
      for (const who of ['admin', 'dispatcher1', 'member1'] as const) {
        expectRule(await call(who, 'DELETE', `/api/channels/${seeded.Security}`), 403, ServerCode.InsufficientPermissions, 'insufficientPermissions');
      }
      expect((await t.db.query('select 1 from channels where id in ($1, $2)', [seeded.General, seeded.Security])).rows).toHaveLength(2);
    });
  });

  describe('members', () => {
    it('lists members paged, sorted, searched and filtered; members see only their own channels', async () => {
      const all = okData(await call('member1', 'GET', `/api/channels/${seeded.Security}/members?sort=nickname&order=desc&size=2`), memberPage);
      expect(all.total).toBe(5);
      expect(all.items.map((m) => m.nickname)).toEqual(['Member 3', 'Member 2']);
      const found = okData(await call('admin', 'GET', `/api/channels/${seeded.Security}/members?q=DISPATCHER`), memberPage);
      expect(found.items.map((m) => m.account)).toEqual(['dispatcher1', 'dispatcher2']);
      const users = okData(await call('admin', 'GET', `/api/channels/${seeded.Security}/members?role=0&sort=userId`), memberPage);
      expect(users.items.map((m) => m.account)).toEqual(['member1', 'member2', 'member3']);
      expectChannelNotFound(await call('member4', 'GET', `/api/channels/${seeded.Security}/members`));
    });

    it('adds members with defaults, one record and a ChannelUserAdd frame', async () => {
      const c = await makeChannel();
      let added!: ChannelMember[];
      const frames = await framesDuring(async () => {
        expect(await opsDuring(async () => {
          added = okData(
            await call('dispatcher1', 'POST', `/api/channels/${c.id}/members`, {
              members: [{ userId: userIds.member5 }, { userId: userIds.admin, role: Role.User, level: 7, remark: ' night ' }],
            }),
            z.array(channelMemberSchema),
          );
        })).toEqual([OperationType.ChannelMemberAdd]);
      });
      expect(added).toEqual([
        expect.objectContaining({ userId: userIds.admin, account: 'admin', role: Role.User, level: 7, remark: 'night', enabled: true }),
        expect.objectContaining({ userId: userIds.member5, role: Role.User, level: 0, remark: null }),
      ]);
      expect(frames).toEqual([
        { topic: topics.channelListen(DEMO_ENT_ID, c.id), t: 'ChannelUserAdd', data: { channelId: c.id, userIds: [userIds.member5, userIds.admin] } },
      ]);
    });

    it('refuses users already on the channel, the same user twice, strangers and an empty list', async () => {
      const c = await makeChannel();
      const before = await channelRow(c.id);
      const ops = await opsDuring(async () => {
        const url = `/api/channels/${c.id}/members`;
        const on = await call('admin', 'POST', url, { members: [{ userId: userIds.member6 }, { userId: userIds.member1 }] });
        expectRule(on, 409, ServerCode.AlreadyExists, 'userAlreadyOnChannel');
        expect(on.json()).toMatchObject({ data: { userIds: [userIds.member1] } });
        expectRule(await call('admin', 'POST', url, { members: [{ userId: userIds.member6 }, { userId: userIds.member6 }] }), 409, ServerCode.AlreadyExists, 'memberAlreadyExists');
        const stranger = await call('admin', 'POST', url, { members: [{ userId: userIds.guard1 }] });
        expect(stranger.json()).toMatchObject({ code: ServerCode.NotFound });
        expect((await call('admin', 'POST', url, { members: [{ userId: 99_999 }] })).statusCode).toBe(404);
        expectInvalid(await call('admin', 'POST', url, { members: [] }), 'validation.userRequired');
        expectInvalid(await call('admin', 'POST', url, { members: [{ userId: userIds.member6, level: 10 }] }), 'validation.levelInvalid');
      });
      expect(ops).toEqual([]);
      expect(await channelRow(c.id)).toEqual(before);
    });

    it('updates role, level, remark and enabled: one record per changed field', async () => {
      const c = await makeChannel();
      const url = `/api/channels/${c.id}/members/${userIds.member1}`;
      let m!: ChannelMember;
      expect(await opsDuring(async () => {
        m = okData(await call('admin', 'PATCH', url, { role: Role.Dispatcher, level: 5, remark: 'lead', enabled: false }), channelMemberSchema);
      })).toEqual([OperationType.ChannelMemberRole, OperationType.ChannelMemberLevel, OperationType.ChannelMemberRemark, OperationType.ChannelMemberStatus]);
      expect(m).toMatchObject({ userId: userIds.member1, role: Role.Dispatcher, level: 5, remark: 'lead', enabled: false });
      expect(await opsDuring(() => call('admin', 'PATCH', url, { role: Role.Dispatcher, level: 5 }))).toEqual([]);
      expect(await opsDuring(async () => {
        expect(okData(await call('dispatcher1', 'PATCH', url, { remark: '' }), channelMemberSchema).remark).toBeNull();
      })).toEqual([OperationType.ChannelMemberRemark]);
      expect((await call('admin', 'PATCH', `/api/channels/${c.id}/members/${userIds.member4}`, { level: 1 })).json()).toMatchObject({ code: ServerCode.NotFound });
      expectInvalid(await call('admin', 'PATCH', url, { remark: '<b>' }), 'validation.specialString');
      expectInvalid(await call('admin', 'PATCH', url, { role: 7 }), 'validation.roleInvalid');
    });

    it('removes a member with one record and a ChannelUserDel frame to that user', async () => {
      const c = await makeChannel();
      const url = `/api/channels/${c.id}/members/${userIds.member1}`;
      const frames = await framesDuring(async () => {
        expect(await opsDuring(async () => {
          okData(await call('dispatcher1', 'DELETE', url), z.null());
        })).toEqual([OperationType.ChannelMemberRemove]);
      });
      expect(frames).toEqual([
        { topic: topics.userListen(DEMO_ENT_ID, userIds.member1), t: 'ChannelUserDel', data: { channelId: c.id, reason: 'removed' } },
      ]);
      const again = await call('admin', 'DELETE', url);
      expect({ status: again.statusCode, code: again.json<Envelope>().code }).toEqual({ status: 404, code: ServerCode.NotFound });
    });

    it('lets dispatchers manage members only on their own channels, members never', async () => {
      const c = await makeChannel();
      const before = await channelRow(c.id);
      const attempts: [Who, Method, string, unknown?][] = [
        ['dispatcher2', 'POST', `/api/channels/${c.id}/members`, { members: [{ userId: userIds.member6 }] }],
        ['dispatcher2', 'PATCH', `/api/channels/${c.id}/members/${userIds.member1}`, { level: 2 }],
        ['dispatcher2', 'DELETE', `/api/channels/${c.id}/members/${userIds.member1}`],
        ['member1', 'POST', `/api/channels/${c.id}/members`, { members: [{ userId: userIds.member6 }] }],
        ['member1', 'DELETE', `/api/channels/${c.id}/members/${userIds.member1}`],
      ];
      const ops = await opsDuring(async () => {
        for (const [who, method, url, body] of attempts) {
          expectRule(await call(who, method, url, body), 403, ServerCode.InsufficientPermissions, 'insufficientPermissions');
        }
      });
      expect(ops).toEqual([]);
      expect(await channelRow(c.id)).toEqual(before);
    });
  });

  describe('tenant isolation', () => {
    it('a token of another organisation sees and changes nothing (2011)', async () => {
      const id = seeded.Security;
      const before = await channelRow(id);
      const list = okData(await call('boss2', 'GET', '/api/channels?size=200'), channelPage);
      expect(list.items.map((c) => c.name)).toEqual(['Operations']);
      expect(okData(await call('boss2', 'GET', `/api/channels?userId=${userIds.member1}`), channelPage).total).toBe(0);
      const attempts: [Who, Method, string, unknown?][] = [
        ['boss2', 'GET', `/api/channels/${id}`],
        ['boss2', 'GET', `/api/channels/${id}/members`],
        ['boss2', 'PATCH', `/api/channels/${id}`, { name: 'Taken over' }],
        ['boss2', 'POST', `/api/channels/${id}/suspend`],
        ['boss2', 'POST', `/api/channels/${id}/resume`],
        ['boss2', 'POST', `/api/channels/${id}/disband`],
        ['boss2', 'DELETE', `/api/channels/${id}`],
        ['boss2', 'POST', `/api/channels/${id}/members`, { members: [{ userId: userIds.boss2 }] }],
        ['boss2', 'PATCH', `/api/channels/${id}/members/${userIds.member1}`, { level: 9 }],
        ['boss2', 'DELETE', `/api/channels/${id}/members/${userIds.member1}`],
        ['other1', 'POST', `/api/channels/${id}/suspend`],
        ['other1', 'DELETE', `/api/channels/${id}/members/${userIds.member1}`],
      ];
      const ops = await opsDuring(async () => {
        for (const [who, method, url, body] of attempts) expectChannelNotFound(await call(who, method, url, body));
        // Their own channel cannot take in our users either (2012).
        const res = await call('boss2', 'POST', `/api/channels/${seeded.Operations}/members`, { members: [{ userId: userIds.member1 }] });
        expect(res.json()).toMatchObject({ code: ServerCode.NotFound });
      });
      expect(ops).toEqual([]);
      expect(await channelRow(id)).toEqual(before);
    });

    it('a channel name is unique per enterprise only', async () => {
      const res = await call('boss2', 'POST', '/api/channels', { name: 'Security' });
      const c = okData(res, channelDetailSchema);
      expect(c.name).toBe('Security');
      expect((await t.db.query<{ ent_id: number }>('select ent_id from channels where id = $1', [c.id])).rows).toEqual([{ ent_id: SECOND_ENT_ID }]);
    });
  });

  describe('addToEnterpriseChannel', () => {
    it('puts a new user on the enterprise channel once', async () => {
      const u = await t.db.query<{ id: number }>(
        `insert into users (ent_id, account, nickname, password_hash, role) values ($1, 'newcomer', 'Newcomer', 'x', 0) returning id`,
        [DEMO_ENT_ID],
      );
      const userId = u.rows[0]!.id;
      expect(await addToEnterpriseChannel(t.db, DEMO_ENT_ID, userId)).toBe(seeded.General);
      expect(await addToEnterpriseChannel(t.db, DEMO_ENT_ID, userId)).toBeNull();
      // A user of another enterprise never lands on this one's channel.
      expect(await addToEnterpriseChannel(t.db, SECOND_ENT_ID, userId)).toBeNull();
      const rows = await t.db.query('select role, level from channel_members where user_id = $1', [userId]);
      expect(rows.rows).toEqual([{ role: 0, level: 0 }]);
      const page: Page<ChannelMember> = okData(await call('admin', 'GET', `/api/channels/${seeded.General}/members?q=newcomer`), memberPage);
      expect(page.items.map((m) => m.userId)).toEqual([userId]);
    });
  });
});
