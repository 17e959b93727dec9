import { OperationType, ServerCode, batchActivationSchema, deviceSchema } from '@ptt/contracts';
import { SECOND_ENT_ID } from '../src/seed/demo';
import { devicesFixture, logPage, type Method } from './devices-fixture';
import type { TestApp } from './test-app';
import { DB_KINDS } from './test-db';

describe.each(DB_KINDS)('devices on %s', (kind) => {
  const fx = devicesFixture(kind);
  const { frames, tokens, call, data, expectRule, expectInvalid, expectNotFound, nextImei, newDevice, newUser, uidOf, opCount, once, none, activated, cancelled } = fx;
  let t: TestApp;
  beforeAll(() => {
    t = fx.t;
  });

  describe('activation flow', () => {
    it('first activation binds the account, sets the time and publishes', async () => {
      const d = await newDevice();
      const uid = await newUser();
      const a = await once(OperationType.DeviceActivate, async () =>
        data(await call(tokens.admin, 'POST', `/api/devices/${d.id}/activate`, { uid }), deviceSchema),
      );
      expect(a).toMatchObject({ active: true, user: { uid, nickname: `Device user ${fx.serial}` } });
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
});
