import { RULES, ServerCode, channelDetailSchema, channelMemberSchema, channelSchema, pageSchema, Role, type ChannelDetail, type RuleKey } from '@ptt/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { hashPassword } from '../src/auth/password';
import type { DbKind } from '../src/db/db';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { InProcessHub } from '../src/ws/hub';
import { createTestApp, loginAs, type Envelope, type TestApp } from './test-app';

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

export type Who = 'superadmin' | 'admin' | 'dispatcher1' | 'dispatcher2' | 'member1' | 'member4' | 'boss2' | 'other1';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const channelPage = pageSchema(channelSchema);
export const memberPage = pageSchema(channelMemberSchema);

/**
 * Shared setup of the channel suites: registers beforeAll/afterAll (app with a recording hub, logins,
 * user and seeded channel ids) in the calling describe and returns the helpers. `t` reads through to
 * the app made in beforeAll.
 */
export function channelsFixture(kind: DbKind) {
  let app: TestApp | undefined;
  let hub: RecordingHub;
  const tokens = {} as Record<Who, string>;
  const userIds = {} as Record<Who | 'member2' | 'member3' | 'member5' | 'member6' | 'guard1', number>;
  const seeded = {} as Record<'General' | 'Security' | 'Logistics' | 'Operations', number>;
  let counter = 0;
  const t: Pick<TestApp, 'app' | 'db'> = {
    get app() {
      return app!.app;
    },
    get db() {
      return app!.db;
    },
  };

  beforeAll(async () => {
    hub = new RecordingHub();
    app = await createTestApp(kind, { hub });
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
    await app?.close();
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

  return { t, userIds, seeded, call, okData, expectRule, expectChannelNotFound, expectInvalid, opsDuring, framesDuring, makeChannel, channelRow };
}
