import {
  OperationType,
  RULES,
  ServerCode,
  batchActivationSchema,
  deviceChangeSchema,
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
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { InProcessHub } from '../src/ws/hub';
import { createTestApp, loginAs, type Envelope, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

const devicePage = pageSchema(deviceSchema);
const logPage = pageSchema(deviceLogEntrySchema);

describe.each(DB_KINDS)('devices on %s', (kind) => {
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

  describe('list and get', () => {
    it('lists the seeded handsets with paging, sorting, search and filters', async () => {
      const all = data(await call(tokens.dispatcher, 'GET', '/api/devices?tag=demo&sort=name&order=desc'), devicePage);
      expect(all.total).toBe(6);
      expect(all.items.map((d) => d.name)).toEqual(['Handset 06', 'Handset 05', 'Handset 04', 'Handset 03', 'Handset 02', 'Handset 01']);
      expect(all.items[0]).toMatchObject({ active: true, status: 'available', user: { account: 'member6' }, dispatcher: { nickname: 'Dispatcher 1' } });

      const page2 = data(await call(tokens.dispatcher, 'GET', '/api/devices?tag=demo&size=4&page=2'), devicePage);
      expect(page2).toMatchObject({ total: 6 });
      expect(page2.items.map((d) => d.name)).toEqual(['Handset 05', 'Handset 06']);

      const byAccount = data(await call(tokens.dispatcher, 'GET', '/api/devices?tag=demo&q=MEMBER3'), devicePage);
      expect(byAccount.items.map((d) => d.user?.account)).toEqual(['member3']);
      const byMac = data(await call(tokens.dispatcher, 'GET', '/api/devices?tag=demo&q=00:00:02'), devicePage);
      expect(byMac.items.map((d) => d.name)).toEqual(['Handset 02']);
      const byImei = data(await call(tokens.dispatcher, 'GET', `/api/devices?tag=demo&q=${all.items.at(-1)!.imei!.slice(-6)}`), devicePage);
      expect(byImei.items.map((d) => d.name)).toEqual(['Handset 01']);
      expect(data(await call(tokens.dispatcher, 'GET', '/api/devices?q=100%25'), devicePage).total).toBe(0);

      const ios = data(await call(tokens.dispatcher, 'GET', '/api/devices?tag=demo&platform=ios'), devicePage);
      expect(ios.items.map((d) => d.name)).toEqual(['Handset 02', 'Handset 04', 'Handset 06']);
      const member2 = await uidOf('member2');
      const byUser = data(await call(tokens.dispatcher, 'GET', `/api/devices?userId=${member2}`), devicePage);
      expect(byUser.items.map((d) => d.name)).toEqual(['Handset 02']);
    });

    it('filters by active, bound, status and dispatcher', async () => {
      const fresh = await newDevice({ tag: 'filters' });
      const onlyFresh = (q: string) => call(tokens.dispatcher, 'GET', `/api/devices?tag=filters&${q}`).then((a) => data(a, devicePage).items.map((d) => d.id));
      expect(await onlyFresh('active=false&bound=false&status=available')).toEqual([fresh.id]);
      expect(await onlyFresh('active=true')).toEqual([]);
      expect(await onlyFresh('bound=true')).toEqual([]);
      expect(await onlyFresh('status=disabled')).toEqual([]);
      const d1 = await uidOf('dispatcher1');
      const withD1 = data(await call(tokens.dispatcher, 'GET', `/api/devices?dispatcherId=${d1}&tag=demo`), devicePage);
      expect(withD1.total).toBe(6);
    });

    it('refuses a bad query with 2004', async () => {
      expect((await call(tokens.dispatcher, 'GET', '/api/devices?sort=password')).body.code).toBe(ServerCode.ParameterError);
      expect((await call(tokens.dispatcher, 'GET', '/api/devices?status=broken')).body.code).toBe(ServerCode.ParameterError);
      expect((await call(tokens.dispatcher, 'GET', '/api/devices?size=0')).body.code).toBe(ServerCode.ParameterError);
    });

    it('gets one device, and answers 404/2012 for an unknown id', async () => {
      const d = await newDevice();
      expect(data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}`), deviceSchema)).toEqual(d);
      expectNotFound(await call(tokens.dispatcher, 'GET', '/api/devices/999999'));
    });
  });

  describe('create', () => {
    it('adds an inactive, available device without an account and publishes the change', async () => {
      const d2 = await uidOf('dispatcher2');
      const imei = nextImei();
      const d = await once(OperationType.DeviceAdd, async () =>
        data(
          await call(tokens.admin, 'POST', '/api/devices', { name: ' Gate radio ', platform: 'ios', imei, mac: 'aa-bb-cc-dd-ee-01', tag: 'gate', dispatcherId: d2 }),
          deviceSchema,
        ),
      );
      expect(d).toMatchObject({
        name: 'Gate radio',
        platform: 'ios',
        imei,
        mac: 'AA:BB:CC:DD:EE:01',
        tag: 'gate',
        status: 'available',
        active: false,
        activatedAt: null,
        user: null,
        dispatcher: { id: d2, nickname: 'Dispatcher 2' },
      });
      const frame = frames.at(-1)!;
      expect(frame).toMatchObject({ topic: `dispatch/${DEMO_ENT_ID}`, t: 'DeviceChange' });
      expect(deviceChangeSchema.parse(frame.data)).toEqual({ deviceId: d.id, change: 'created' });
    });

    it('accepts a device without IMEI and MAC', async () => {
      const d = data(await call(tokens.admin, 'POST', '/api/devices', { name: 'Console 7', platform: 'web' }), deviceSchema);
      expect(d).toMatchObject({ imei: null, mac: null, tag: null, dispatcher: null });
    });

    it('checks the name, IMEI, MAC and platform', async () => {
      const post = (body: object) => none(() => call(tokens.admin, 'POST', '/api/devices', body));
      expectInvalid(await post({ name: 'x'.repeat(33), platform: 'web' }), 'validation.deviceNameTooLong');
      expectInvalid(await post({ name: '<script>', platform: 'web' }), 'validation.specialString');
      expectInvalid(await post({ name: '  ', platform: 'web' }), 'validation.deviceNameRequired');
      expectInvalid(await post({ name: 'A', platform: 'web', imei: '123' }), 'validation.imeiInvalid');
      expectInvalid(await post({ name: 'A', platform: 'web', mac: 'zz' }), 'validation.macInvalid');
      expect((await post({ name: 'A', platform: 'windows' })).body.code).toBe(ServerCode.ParameterError);
    });

    it("refuses a duplicate IMEI or MAC in the enterprise with 2000 'Device already exists'", async () => {
      const d = await newDevice();
      const dupImei = await none(() => call(tokens.admin, 'POST', '/api/devices', { name: 'Copy', platform: 'android', imei: d.imei }));
      expectRule(dupImei, ServerCode.AlreadyExists, 'deviceExists');
      const dupMac = await none(() =>
        call(tokens.admin, 'POST', '/api/devices', { name: 'Copy', platform: 'android', mac: d.mac!.toLowerCase().replace(/:/g, '-') }),
      );
      expectRule(dupMac, ServerCode.AlreadyExists, 'deviceExists');
    });

    it('allows the same IMEI in another enterprise', async () => {
      const imei = nextImei();
      await t.db.query(`insert into devices (ent_id, name, platform, imei) values ($1, 'Theirs', 'android', $2)`, [SECOND_ENT_ID, imei]);
      data(await call(tokens.admin, 'POST', '/api/devices', { name: 'Ours', platform: 'android', imei }), deviceSchema);
    });

    it('refuses a dispatcher id that is not staff of the enterprise with 404/2012', async () => {
      expectNotFound(await none(async () => call(tokens.admin, 'POST', '/api/devices', { name: 'A', platform: 'web', dispatcherId: await uidOf('member2') })));
      const foreign = await uidOf('dispatcher1', SECOND_ENT_ID);
      expectNotFound(await none(() => call(tokens.admin, 'POST', '/api/devices', { name: 'A', platform: 'web', dispatcherId: foreign })));
    });
  });

  describe('edit and status', () => {
    it('edits name, tag, platform, IMEI, MAC and dispatcher with one record and a log row', async () => {
      const d = await newDevice();
      const d2 = await uidOf('dispatcher2');
      const imei = nextImei();
      const edited = await once(OperationType.DeviceUpdate, async () =>
        data(
          await call(tokens.admin, 'PATCH', `/api/devices/${d.id}`, { name: 'Renamed', tag: 'north', platform: 'ios', imei, mac: null, dispatcherId: d2 }),
          deviceSchema,
        ),
      );
      expect(edited).toMatchObject({ name: 'Renamed', tag: 'north', platform: 'ios', imei, mac: null, dispatcher: { id: d2 } });
      expect(frames.at(-1)?.data).toEqual({ deviceId: d.id, change: 'updated' });
      const cleared = data(await call(tokens.admin, 'PATCH', `/api/devices/${d.id}`, { tag: null, dispatcherId: null }), deviceSchema);
      expect(cleared).toMatchObject({ tag: null, dispatcher: null });
    });

    it('writes nothing when nothing changes', async () => {
      const d = await newDevice();
      const same = await none(() => call(tokens.admin, 'PATCH', `/api/devices/${d.id}`, { name: d.name, imei: d.imei }));
      expect(data(same, deviceSchema)).toEqual(d);
      await none(() => call(tokens.admin, 'PATCH', `/api/devices/${d.id}`, {}));
    });

    it('refuses an IMEI or MAC of another device, a bad name and a member as dispatcher', async () => {
      const [a, b] = [await newDevice(), await newDevice()];
      const patch = (body: object) => none(() => call(tokens.admin, 'PATCH', `/api/devices/${b.id}`, body));
      expectRule(await patch({ imei: a.imei }), ServerCode.AlreadyExists, 'deviceExists');
      expectRule(await patch({ mac: a.mac }), ServerCode.AlreadyExists, 'deviceExists');
      expectInvalid(await patch({ name: 'y'.repeat(40) }), 'validation.deviceNameTooLong');
      expectNotFound(await patch({ dispatcherId: await uidOf('member5') }));
      expect(data(await call(tokens.admin, 'GET', `/api/devices/${b.id}`), deviceSchema)).toEqual(b);
    });

    it('disables and enables a device', async () => {
      const d = await newDevice();
      const off = await once(OperationType.DeviceStatus, async () =>
        data(await call(tokens.admin, 'PUT', `/api/devices/${d.id}/status`, { status: 'disabled' }), deviceSchema),
      );
      expect(off.status).toBe('disabled');
      expect(frames.at(-1)?.data).toEqual({ deviceId: d.id, change: 'status' });
      await none(() => call(tokens.admin, 'PUT', `/api/devices/${d.id}/status`, { status: 'disabled' }));
      const on = data(await call(tokens.admin, 'PUT', `/api/devices/${d.id}/status`, { status: 'available' }), deviceSchema);
      expect(on.status).toBe('available');
      expect((await call(tokens.admin, 'PUT', `/api/devices/${d.id}/status`, { status: 'forbidden' })).body.code).toBe(ServerCode.ParameterError);
    });
  });

  describe('activation flow', () => {
    it('first activation binds the account, sets the time and publishes', async () => {
      const d = await newDevice();
      const uid = await newUser();
      const a = await once(OperationType.DeviceActivate, async () =>
        data(await call(tokens.admin, 'POST', `/api/devices/${d.id}/activate`, { uid }), deviceSchema),
      );
      expect(a).toMatchObject({ active: true, user: { uid, nickname: `Device user ${serial}` } });
      expect(Date.parse(a.activatedAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(frames.at(-1)?.data).toEqual({ deviceId: d.id, change: 'activated' });
    });

    it("refuses a second first activation with 2028 'already activated'", async () => {
      const d = await activated();
      expectRule(await none(async () => call(tokens.admin, 'POST', `/api/devices/${d.id}/activate`, { uid: await newUser() })), ServerCode.UserStatusError, 'deviceAlreadyActivated');
    });

    it('requires a UID of the same enterprise that has no other device', async () => {
      const d = await newDevice();
      const url = `/api/devices/${d.id}/activate`;
      expectInvalid(await none(() => call(tokens.admin, 'POST', url, {})), 'validation.uidRequired');
      expectInvalid(await none(() => call(tokens.admin, 'POST', url, { uid: 'abc' })), 'validation.uidRequired');
      expectNotFound(await none(async () => call(tokens.admin, 'POST', url, { uid: await uidOf('guard1', SECOND_ENT_ID) })));
      expectNotFound(await none(() => call(tokens.admin, 'POST', url, { uid: 999_999 })));
      const bound = await none(async () => call(tokens.admin, 'POST', url, { uid: await uidOf('member1') }));
      expectRule(bound, ServerCode.BoundToOtherDevice, 'accountBoundToOtherDevice');
      expect(bound.body.msg).toBe('The account is already bound to another device');
      expect(data(await call(tokens.admin, 'GET', `/api/devices/${d.id}`), deviceSchema)).toEqual(d);
    });

    it("refuses to activate or assign a disabled device with 2035 'device deactivated'", async () => {
      const d = await newDevice();
      await call(tokens.admin, 'PUT', `/api/devices/${d.id}/status`, { status: 'disabled' });
      const uid = await newUser();
      expectRule(await none(() => call(tokens.admin, 'POST', `/api/devices/${d.id}/activate`, { uid })), ServerCode.DeviceDeactivated, 'deviceDisabled');
      const c = await cancelled();
      await call(tokens.admin, 'PUT', `/api/devices/${c.id}/status`, { status: 'disabled' });
      expectRule(await none(() => call(tokens.admin, 'POST', `/api/devices/${c.id}/assign`, { uid })), ServerCode.DeviceDeactivated, 'deviceDisabled');
      expectRule(await none(() => call(tokens.admin, 'POST', `/api/devices/${c.id}/reactivate`, { uid })), ServerCode.DeviceDeactivated, 'deviceDisabled');
    });

    it('cancel unbinds the account and keeps the device active', async () => {
      const d = await activated();
      const c = await once(OperationType.DeviceCancel, async () => data(await call(tokens.admin, 'POST', `/api/devices/${d.id}/cancel`), deviceSchema));
      expect(c).toMatchObject({ active: true, user: null, activatedAt: d.activatedAt });
      expect(frames.at(-1)?.data).toEqual({ deviceId: d.id, change: 'cancelled' });
      expectRule(await none(() => call(tokens.admin, 'POST', `/api/devices/${d.id}/cancel`)), ServerCode.UserStatusError, 'deviceHasNoAccount');
      const fresh = await newDevice();
      expectRule(await none(() => call(tokens.admin, 'POST', `/api/devices/${fresh.id}/cancel`)), ServerCode.UserStatusError, 'deviceHasNoAccount');
    });

    it('re-activation binds a new account to a device activated before', async () => {
      const c = await cancelled();
      await t.db.query(`update devices set activated_at = activated_at - interval '1 day' where id = $1`, [c.id]);
      const uid = await newUser();
      const r = await once(OperationType.DeviceActivate, async () =>
        data(await call(tokens.admin, 'POST', `/api/devices/${c.id}/reactivate`, { uid }), deviceSchema),
      );
      expect(r).toMatchObject({ active: true, user: { uid } });
      expect(Date.parse(r.activatedAt!)).toBeGreaterThan(Date.parse(c.activatedAt!));
      expect(frames.at(-1)?.data).toEqual({ deviceId: c.id, change: 'reactivated' });
      expectRule(await none(async () => call(tokens.admin, 'POST', `/api/devices/${c.id}/reactivate`, { uid: await newUser() })), ServerCode.UserStatusError, 'deviceHasAccount');
      const fresh = await newDevice();
      expectRule(await none(() => call(tokens.admin, 'POST', `/api/devices/${fresh.id}/reactivate`, { uid: 1 })), ServerCode.UserStatusError, 'deviceNotActivated');
      const bound = await cancelled();
      expectRule(await none(async () => call(tokens.admin, 'POST', `/api/devices/${bound.id}/reactivate`, { uid: await uidOf('member2') })), ServerCode.BoundToOtherDevice, 'accountBoundToOtherDevice');
    });

    it('assign gives an active device without an account an account, keeping the activation time', async () => {
      const c = await cancelled();
      const uid = await newUser();
      const a = await once(OperationType.DeviceAssign, async () => data(await call(tokens.admin, 'POST', `/api/devices/${c.id}/assign`, { uid }), deviceSchema));
      expect(a).toMatchObject({ active: true, activatedAt: c.activatedAt, user: { uid } });
      expect(frames.at(-1)?.data).toEqual({ deviceId: c.id, change: 'assigned' });
      expectRule(await none(async () => call(tokens.admin, 'POST', `/api/devices/${c.id}/assign`, { uid: await newUser() })), ServerCode.UserStatusError, 'deviceHasAccount');
      const fresh = await newDevice();
      expectRule(await none(async () => call(tokens.admin, 'POST', `/api/devices/${fresh.id}/assign`, { uid: await newUser() })), ServerCode.UserStatusError, 'deviceNotActivated');
      const other = await cancelled();
      expectRule(await none(() => call(tokens.admin, 'POST', `/api/devices/${other.id}/assign`, { uid })), ServerCode.BoundToOtherDevice, 'accountBoundToOtherDevice');
      expectInvalid(await none(() => call(tokens.admin, 'POST', `/api/devices/${other.id}/assign`, { uid: 0 })), 'validation.uidRequired');
    });

    // On PostgreSQL both transactions pass the checks and the unique indexes decide; the loser must
    // still get the rule's code, not a 500.
    it('two racing binds of one account or one IMEI: one wins, the other gets its rule', async () => {
      const [a, b] = [await newDevice(), await newDevice()];
      const uid = await newUser();
      const binds = await Promise.all([a, b].map((d) => call(tokens.admin, 'POST', `/api/devices/${d.id}/activate`, { uid })));
      expect(binds.map((r) => r.body.code).sort()).toEqual([0, ServerCode.BoundToOtherDevice]);
      expectRule(binds.find((r) => r.body.code !== 0)!, ServerCode.BoundToOtherDevice, 'accountBoundToOtherDevice');

      const imei = nextImei();
      const creates = await Promise.all(
        ['One', 'Two'].map((name) => call(tokens.admin, 'POST', '/api/devices', { name, platform: 'android', imei })),
      );
      expect(creates.map((r) => r.body.code).sort()).toEqual([0, ServerCode.AlreadyExists]);
      expectRule(creates.find((r) => r.body.code !== 0)!, ServerCode.AlreadyExists, 'deviceExists');
    });

    it('the device log lists every step in order, pages and filters', async () => {
      const d = await newDevice();
      const [u1, u2, u3] = [await newUser(), await newUser(), await newUser()];
      const steps: [Method, string, object?][] = [
        ['PATCH', '', { name: 'Logged' }],
        ['PUT', '/status', { status: 'disabled' }],
        ['PUT', '/status', { status: 'available' }],
        ['POST', '/activate', { uid: u1 }],
        ['POST', '/cancel'],
        ['POST', '/reactivate', { uid: u2 }],
        ['POST', '/cancel'],
        ['POST', '/assign', { uid: u3 }],
      ];
      for (const [method, suffix, body] of steps) data(await call(tokens.admin, method, `/api/devices/${d.id}${suffix}`, body), deviceSchema);
      const log = data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}/logs?size=50`), logPage);
      expect(log.items.map((e) => e.action)).toEqual([
        'created', 'edited', 'statusChanged', 'statusChanged', 'activated', 'cancelled', 'reactivated', 'cancelled', 'assigned',
      ]);
      expect(log.items[4]).toMatchObject({ user: { uid: u1 }, actor: { account: 'admin' } });
      expect(log.items[2]!.detail).toEqual({ from: 'available', to: 'disabled' });
      const newest = data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}/logs?order=desc&size=2`), logPage);
      expect(newest).toMatchObject({ total: 9 });
      expect(newest.items.map((e) => e.action)).toEqual(['assigned', 'cancelled']);
      const cancels = data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}/logs?action=cancelled`), logPage);
      expect(cancels.total).toBe(2);
      expectNotFound(await call(tokens.dispatcher, 'GET', '/api/devices/999999/logs'));
    });
  });

  describe('batch activation', () => {
    it('activates the good rows and reports every device, one transaction each', async () => {
      const [good1, good2, already, disabled] = [await newDevice(), await newDevice(), await activated(), await newDevice()];
      await call(tokens.admin, 'PUT', `/api/devices/${disabled.id}/status`, { status: 'disabled' });
      const theirs = await t.db.query<{ id: number }>(`insert into devices (ent_id, name, platform) values ($1, 'Theirs', 'ios') returning id`, [SECOND_ENT_ID]);
      const [u1, u2, u3] = [await newUser(), await newUser(), await newUser()];
      const items = [
        { deviceId: good1.id, uid: u1 },
        { deviceId: already.id, uid: u2 },
        { deviceId: 999_999, uid: u2 },
        { deviceId: theirs.rows[0]!.id, uid: u2 },
        { deviceId: disabled.id, uid: u2 },
        { deviceId: good2.id, uid: await uidOf('member3') },
        { deviceId: good2.id, uid: u1 },
        { deviceId: good2.id, uid: u2 },
        { deviceId: good2.id, uid: u3 },
      ];
      const before = await opCount(OperationType.DeviceActivate);
      const out = data(await call(tokens.superadmin, 'POST', '/api/devices/batch-activate', { items }), batchActivationSchema);
      expect(out).toMatchObject({ activated: 2, failed: 7 });
      expect(out.results.map((r) => [r.deviceId, r.ok, r.code, r.reason])).toEqual([
        [good1.id, true, 0, null],
        [already.id, false, ServerCode.UserStatusError, 'rule.deviceAlreadyActivated'],
        [999_999, false, ServerCode.NotFound, 'rule.notFound'],
        [theirs.rows[0]!.id, false, ServerCode.NotFound, 'rule.notFound'],
        [disabled.id, false, ServerCode.DeviceDeactivated, 'rule.deviceDisabled'],
        [good2.id, false, ServerCode.BoundToOtherDevice, 'rule.accountBoundToOtherDevice'],
        [good2.id, false, ServerCode.BoundToOtherDevice, 'rule.accountBoundToOtherDevice'],
        [good2.id, true, 0, null],
        [good2.id, false, ServerCode.UserStatusError, 'rule.deviceAlreadyActivated'],
      ]);
      expect(out.results[5]!.msg).toBe('The account is already bound to another device');
      expect(await opCount(OperationType.DeviceActivate)).toBe(before + 2);
      const g1 = data(await call(tokens.admin, 'GET', `/api/devices/${good1.id}`), deviceSchema);
      const g2 = data(await call(tokens.admin, 'GET', `/api/devices/${good2.id}`), deviceSchema);
      expect([g1.user?.uid, g2.user?.uid, g1.active, g2.active]).toEqual([u1, u2, true, true]);
      const stillTheirs = await t.db.query<{ active: boolean }>('select active from devices where id = $1', [theirs.rows[0]!.id]);
      expect(stillTheirs.rows[0]!.active).toBe(false);
    });

    it("needs at least one device: 2004 'validation.deviceRequired'", async () => {
      expectInvalid(await none(() => call(tokens.superadmin, 'POST', '/api/devices/batch-activate', { items: [] })), 'validation.deviceRequired');
      expectInvalid(await none(() => call(tokens.superadmin, 'POST', '/api/devices/batch-activate', {})), 'validation.deviceRequired');
      expectInvalid(
        await none(() => call(tokens.superadmin, 'POST', '/api/devices/batch-activate', { items: [{ deviceId: 1 }] })),
        'validation.uidRequired',
      );
    });
  });

  describe('delete', () => {
    it('a super admin deletes a device; its id is then unknown', async () => {
      const d = await activated();
      await once(OperationType.DeviceDelete, async () => data(await call(tokens.superadmin, 'DELETE', `/api/devices/${d.id}`), deviceSchema.nullable()));
      expect(frames.at(-1)?.data).toEqual({ deviceId: d.id, change: 'deleted' });
      expectNotFound(await call(tokens.admin, 'GET', `/api/devices/${d.id}`));
      expectNotFound(await none(() => call(tokens.superadmin, 'DELETE', `/api/devices/${d.id}`)));
      // The account is free again.
      const again = await newDevice();
      data(await call(tokens.admin, 'POST', `/api/devices/${again.id}/activate`, { uid: d.user!.uid }), deviceSchema);
    });
  });

  describe('roles', () => {
    it('a dispatcher reads but cannot create, edit or activate', async () => {
      const d = await newDevice();
      data(await call(tokens.dispatcher, 'GET', '/api/devices'), devicePage);
      data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}`), deviceSchema);
      data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}/logs`), logPage);
      expectForbidden(await none(() => call(tokens.dispatcher, 'POST', '/api/devices', { name: 'No', platform: 'web' })));
      expectForbidden(await none(() => call(tokens.dispatcher, 'PATCH', `/api/devices/${d.id}`, { name: 'No' })));
      expectForbidden(await none(() => call(tokens.dispatcher, 'POST', `/api/devices/${d.id}/activate`, { uid: 1 })));
      expectForbidden(await none(() => call(tokens.dispatcher, 'POST', `/api/devices/${d.id}/cancel`)));
    });

    it('a member cannot even read', async () => {
      expectForbidden(await call(tokens.member, 'GET', '/api/devices'));
    });

    it('an admin cannot delete or batch-activate; a super admin can', async () => {
      const d = await newDevice();
      expectForbidden(await none(() => call(tokens.admin, 'DELETE', `/api/devices/${d.id}`)));
      const items = [{ deviceId: d.id, uid: await newUser() }];
      expectForbidden(await none(() => call(tokens.admin, 'POST', '/api/devices/batch-activate', { items })));
      expect(data(await call(tokens.superadmin, 'POST', '/api/devices/batch-activate', { items }), batchActivationSchema).activated).toBe(1);
      await once(OperationType.DeviceDelete, () => call(tokens.superadmin, 'DELETE', `/api/devices/${d.id}`));
    });
  });

  describe('tenant isolation', () => {
    it('another enterprise gets 404/2012 for our device ids and changes nothing', async () => {
      const d = await activated();
      const c = await cancelled();
      const theirUser = await newUser(SECOND_ENT_ID);
      const framesBefore = frames.length;
      const attempts: [Method, string, object?][] = [
        ['GET', `/api/devices/${d.id}`],
        ['GET', `/api/devices/${d.id}/logs`],
        ['PATCH', `/api/devices/${d.id}`, { name: 'Stolen' }],
        ['PUT', `/api/devices/${d.id}/status`, { status: 'disabled' }],
        ['POST', `/api/devices/${d.id}/cancel`],
        ['POST', `/api/devices/${c.id}/assign`, { uid: theirUser }],
        ['POST', `/api/devices/${c.id}/reactivate`, { uid: theirUser }],
        ['DELETE', `/api/devices/${d.id}`],
      ];
      for (const [method, url, body] of attempts) expectNotFound(await none(() => call(tokens.otherSuper, method, url, body)));
      const fresh = await newDevice();
      expectNotFound(await none(() => call(tokens.otherSuper, 'POST', `/api/devices/${fresh.id}/activate`, { uid: theirUser })));
      const batch = data(
        await call(tokens.otherSuper, 'POST', '/api/devices/batch-activate', { items: [{ deviceId: fresh.id, uid: theirUser }] }),
        batchActivationSchema,
      );
      expect(batch.results[0]).toMatchObject({ ok: false, code: ServerCode.NotFound });
      expectNotFound(await call(tokens.otherDispatcher, 'GET', `/api/devices/${d.id}`));

      const theirs = data(await call(tokens.otherSuper, 'GET', '/api/devices?size=200'), devicePage);
      for (const id of [d.id, c.id, fresh.id]) expect(theirs.items.map((x) => x.id)).not.toContain(id);
      expect(data(await call(tokens.admin, 'GET', `/api/devices/${d.id}`), deviceSchema)).toEqual(d);
      expect(data(await call(tokens.admin, 'GET', `/api/devices/${c.id}`), deviceSchema)).toEqual(c);
      expect(data(await call(tokens.admin, 'GET', `/api/devices/${fresh.id}`), deviceSchema)).toEqual(fresh);
      expect(frames.length).toBe(framesBefore + 1);
    });

    it('an account of another enterprise cannot be bound to our device', async () => {
      const d = await newDevice();
      expectNotFound(await none(async () => call(tokens.admin, 'POST', `/api/devices/${d.id}/activate`, { uid: await newUser(SECOND_ENT_ID) })));
    });
  });
});
