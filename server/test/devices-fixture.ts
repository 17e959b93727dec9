// Shared setup of test/devices.test.ts and test/device-activation.test.ts: one app per database kind,
// logins, the boss2 super admin of enterprise 100002, and request/record helpers.
import {
  RULES,
  ServerCode,
  deviceLogEntrySchema,
  deviceSchema,
  pageSchema,
  topics,
  type Device,
  type RuleKey,
  type Ws2Frame,
} from '@ptt/contracts';
import type { z } from 'zod';
import { hashPassword } from '../src/auth/password';
import type { DbKind } from '../src/db/db';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { InProcessHub } from '../src/ws/hub';
import { createTestApp, loginAs, type Envelope, type TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export const devicePage = pageSchema(deviceSchema);
export const logPage = pageSchema(deviceLogEntrySchema);

/** Registers beforeAll/afterAll in the calling describe block and returns the shared state and helpers. */
export function devicesFixture(kind: DbKind) {
  let t: TestApp;
  const hub = new InProcessHub();
  const frames: Ws2Frame[] = [];
  // One login per account and app: a newer web login would end the older session (10001).
  const tokens = { superadmin: '', admin: '', dispatcher: '', member: '', otherSuper: '', otherDispatcher: '' };
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { hub });
    hub.subscribe(topics.dispatch(DEMO_ENT_ID), (f) => frames.push(f));
    // The second organisation has no manager; one is needed to try mutations across tenants.
    await t.db.query(`insert into users (ent_id, account, nickname, password_hash, role) values ($1, 'boss2', 'Boss 2', $2, 99)`, [
      SECOND_ENT_ID,
      await hashPassword(DEMO_PASSWORD),
    ]);
    tokens.superadmin = (await loginAs(t.app, 'superadmin')).auth_token;
    tokens.admin = (await loginAs(t.app, 'admin')).auth_token;
    tokens.dispatcher = (await loginAs(t.app, 'dispatcher1')).auth_token;
    tokens.member = (await loginAs(t.app, 'member1')).auth_token;
    tokens.otherSuper = (await loginAs(t.app, 'boss2', SECOND_ENT_ID)).auth_token;
    tokens.otherDispatcher = (await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID)).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T = unknown>(token: string, method: Method, url: string, payload?: object): Promise<Answer<T>> {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  }

  /** Checks a success against the route's declared schema and returns the parsed data. */
  function data<S extends z.ZodType>(a: Answer, schema: S): z.output<S> {
    expect(a.body).toMatchObject({ code: 0 });
    expect(a.status).toBe(200);
    return schema.parse(a.body.data);
  }

  function expectRule(a: Answer, code: ServerCode, rule: RuleKey): void {
    expect(a.body).toMatchObject({ code, msg: RULES[rule], data: { reason: `rule.${rule}` } });
    expect(a.status).toBe(code === ServerCode.AlreadyExists || code === ServerCode.UserStatusError || code === ServerCode.BoundToOtherDevice ? 409 : 403);
  }

  function expectInvalid(a: Answer, message: string): void {
    expect(a.status).toBe(400);
    expect(a.body.code).toBe(ServerCode.ParameterError);
    expect((a.body.data as { issues: { message: string }[] }).issues.map((i) => i.message)).toContain(message);
  }

  function expectNotFound(a: Answer): void {
    expect(a.status).toBe(404);
    expect(a.body.code).toBe(ServerCode.NotFound);
  }

  function expectForbidden(a: Answer): void {
    expect(a.status).toBe(403);
    expect(a.body).toMatchObject({ code: ServerCode.InsufficientPermissions, msg: 'Insufficient permissions' });
  }

  const nextImei = () => String(860_000_000_000_000 + ++serial);
  const nextMac = () => `AA:BB:CC:00:${(serial >> 8).toString(16).padStart(2, '0')}:${(serial & 255).toString(16).padStart(2, '0')}`.toUpperCase();

  async function newDevice(extra: Record<string, unknown> = {}): Promise<Device> {
    const imei = nextImei();
    const a = await call(tokens.admin, 'POST', '/api/devices', { name: `Test ${serial}`, platform: 'android', imei, mac: nextMac(), ...extra });
    return data(a, deviceSchema);
  }

  /** A fresh account of the demo organisation without a device. */
  async function newUser(entId = DEMO_ENT_ID): Promise<number> {
    serial++;
    const r = await t.db.query<{ id: number }>(
      `insert into users (ent_id, account, nickname, password_hash) values ($1, $2, $3, 'x') returning id`,
      [entId, `dev_user_${serial}`, `Device user ${serial}`],
    );
    return r.rows[0]!.id;
  }

  async function uidOf(account: string, entId = DEMO_ENT_ID): Promise<number> {
    const r = await t.db.query<{ id: number }>('select id from users where ent_id = $1 and account = $2', [entId, account]);
    return r.rows[0]!.id;
  }

  /** Operation records of every enterprise (of one type when given). */
  async function opCount(type?: number): Promise<number> {
    const r = await t.db.query<{ n: number }>('select count(*)::int as n from operation_logs where ($1::int is null or type = $1)', [
      type ?? null,
    ]);
    return r.rows[0]!.n;
  }

  /** Runs a mutation and checks it wrote exactly one operation record, of that type. */
  async function once<T>(type: number, work: () => Promise<T>): Promise<T> {
    const [all, typed] = [await opCount(), await opCount(type)];
    const out = await work();
    expect(await opCount(type)).toBe(typed + 1);
    expect(await opCount()).toBe(all + 1);
    return out;
  }

  /** Runs a refused or no-op request and checks no operation record appeared. */
  async function none<T>(work: () => Promise<T>): Promise<T> {
    const before = await opCount();
    const out = await work();
    expect(await opCount()).toBe(before);
    return out;
  }

  async function activated(): Promise<Device> {
    const d = await newDevice();
    return data(await call(tokens.admin, 'POST', `/api/devices/${d.id}/activate`, { uid: await newUser() }), deviceSchema);
  }

  async function cancelled(): Promise<Device> {
    const d = await activated();
    return data(await call(tokens.admin, 'POST', `/api/devices/${d.id}/cancel`), deviceSchema);
  }

  return {
    get t(): TestApp {
      return t;
    },
    /** The last number handed out to a fresh device or account. */
    get serial(): number {
      return serial;
    },
    frames,
    tokens,
    call,
    data,
    expectRule,
    expectInvalid,
    expectNotFound,
    expectForbidden,
    nextImei,
    nextMac,
    newDevice,
    newUser,
    uidOf,
    opCount,
    once,
    none,
    activated,
    cancelled,
  };
}
