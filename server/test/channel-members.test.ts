import {
  OperationType,
  Role,
  ServerCode,
  channelDetailSchema,
  channelMemberSchema,
  topics,
  type ChannelMember,
  type Page,
} from '@ptt/contracts';
import { z } from 'zod';
import { addToEnterpriseChannel } from '../src/channels/channel.repository';
import type { Envelope } from './test-app';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { channelsFixture, channelPage, memberPage, type Method, type Who } from './channels-fixture';
import { DB_KINDS } from './test-db';

describe.each(DB_KINDS)('channels on %s', (kind) => {
  const { t, userIds, seeded, call, okData, expectRule, expectChannelNotFound, expectInvalid, opsDuring, framesDuring, makeChannel, channelRow } = channelsFixture(kind);

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
        { topic: topics.entListen(DEMO_ENT_ID), t: 'ChannelChange', data: { action: 'members', channelId: c.id, name: c.name, enabled: true } },
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
        { topic: topics.entListen(DEMO_ENT_ID), t: 'ChannelChange', data: { action: 'members', channelId: c.id, name: c.name, enabled: true } },
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
