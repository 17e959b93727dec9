import { deviceMonitorInfoSchema } from '@ptt/contracts';
import { devicesFixture } from './devices-fixture';
import { DB_KINDS } from './test-db';

describe.each(DB_KINDS)('device monitor info on %s', (kind) => {
  const fx = devicesFixture(kind);
  const { tokens, call, data, expectNotFound, expectForbidden, newDevice, activated } = fx;

  it('shows the account, the model and phone of the newest device info answer, and the last activity', async () => {
    const d = await activated();
    const uid = d.user!.uid;
    const empty = data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}/monitor-info`), deviceMonitorInfoSchema);
    expect(empty).toEqual({ deviceId: d.id, userId: uid, model: null, phone: null, lastOnline: null, online: false });

    // An older answer, then a newer one; a failed command's detail does not count.
    const insert = (state: string, detail: object, age: string) =>
      fx.t.db.query(
        `insert into device_commands (ent_id, device_id, user_id, command, state, expires_at, updated_at, detail)
         values (100001, $1, $2, '6', $3, now(), now() - $4::interval, $5::jsonb)`,
        [d.id, uid, state, age, JSON.stringify(detail)],
      );
    await insert('executed', { model: 'Old', phone: '1' }, '2 hours');
    await insert('executed', { model: 'X5', phone: '+86 138 0000 0000' }, '1 hour');
    await insert('failed', { model: 'Wrong' }, '1 minute');
    await fx.t.db.query(`insert into sessions (token_hash, user_id, ent_id, client_id, last_seen_at) values ('mi-${d.id}', $1, 100001, 'c', '2026-01-02T03:04:05Z')`, [uid]);

    const info = data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}/monitor-info`), deviceMonitorInfoSchema);
    expect(info).toEqual({ deviceId: d.id, userId: uid, model: 'X5', phone: '+86 138 0000 0000', lastOnline: '2026-01-02T03:04:05.000Z', online: false });
  });

  it('answers for a device without an account, 404 outside the enterprise, and refuses members', async () => {
    const d = await newDevice();
    expect(data(await call(tokens.dispatcher, 'GET', `/api/devices/${d.id}/monitor-info`), deviceMonitorInfoSchema)).toMatchObject({ userId: null, lastOnline: null });
    expectNotFound(await call(tokens.otherDispatcher, 'GET', `/api/devices/${d.id}/monitor-info`));
    expectForbidden(await call(tokens.member, 'GET', `/api/devices/${d.id}/monitor-info`));
  });
});
