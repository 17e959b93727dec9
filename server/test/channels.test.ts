import {
  OperationType,
  Role,
  ServerCode,
  channelDetailSchema,
  channelSchema,
  topics,
  type Channel,
  type ChannelDetail,
} from '@ptt/contracts';
import { z } from 'zod';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { channelsFixture, channelPage, type Method, type Who } from './channels-fixture';
import { DB_KINDS } from './test-db';

describe.each(DB_KINDS)('channels on %s', (kind) => {
  const { t, userIds, seeded, call, okData, expectRule, expectChannelNotFound, expectInvalid, opsDuring, framesDuring, makeChannel, channelRow } = channelsFixture(kind);

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

});
