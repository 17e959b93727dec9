import { OperationType, ServerCode, batchActivationSchema, deviceChangeSchema, deviceSchema } from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { devicePage, devicesFixture, logPage, type Method } from './devices-fixture';
import type { TestApp } from './test-app';
import { DB_KINDS } from './test-db';

describe.each(DB_KINDS)('devices on %s', (kind) => {
  const fx = devicesFixture(kind);
  const { frames, tokens, call, data, expectRule, expectInvalid, expectNotFound, expectForbidden, nextImei, newDevice, newUser, uidOf, once, none, activated, cancelled } = fx;
  let t: TestApp;
  beforeAll(() => {
    t = fx.t;
  });

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
