import {
  COMMAND_REPLY_KIND,
  COMMAND_STATUS_KIND,
  DEVICE_COMMAND_KIND,
  DeviceCommand,
  ServerCode,
  topics,
  type CommandStatus,
  type DeviceCommandFrame,
  type DeviceCommandRecord,
  type Page,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, postLogin, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

/** A handset's login: a device session, which a web login of the same account does not end. */
async function deviceLogin(t: TestApp, account: string, entId = DEMO_ENT_ID): Promise<Session> {
  const { body } = await postLogin(t.app, { entId, account, password: DEMO_PASSWORD, platform: 'android', lng: 116.4, lat: 39.9 });
  if (body.code !== 0 || !body.data) throw new Error(`device login of ${account} failed: ${JSON.stringify(body)}`);
  return body.data;
}

const statusOf = (commandId: number, state: string) => (f: Ws2Frame) =>
  f.t === COMMAND_STATUS_KIND && (f.data as CommandStatus).commandId === commandId && (f.data as CommandStatus).state === state;
const commandFrame = (commandId: number) => (f: Ws2Frame) =>
  f.t === DEVICE_COMMAND_KIND && (f.data as DeviceCommandFrame).commandId === commandId;
const reply = (s: Session, data: unknown) => ({ code: 0, topic: topics.commandReply(s.ent.id, s.id), data, t: COMMAND_REPLY_KIND });
const settle = () => new Promise((r) => setTimeout(r, 300));

describe.each(DB_KINDS)('device commands on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let dispatcher: Session;
  let stranger: Session;
  let member1: Session;
  let member2: Session;
  let guard: Session;
  let device1: number;
  let device2: number;
  let dispatchWs: WsProbe;
  let strangerWs: WsProbe;
  let device1Ws: WsProbe;
  let device2Ws: WsProbe;
  let guardWs: WsProbe;

  const deviceOf = async (account: string): Promise<number> =>
    (await t.db.query<{ id: number }>('select d.id from devices d join users u on u.id = d.user_id where u.ent_id = $1 and u.account = $2', [DEMO_ENT_ID, account]))
      .rows[0]!.id;
  const send = (token: string, deviceId: number, body: unknown) => api<DeviceCommandRecord>(t.app, 'POST', `/api/devices/${deviceId}/commands`, token, body);
  const stateOf = async (id: number) => (await api<DeviceCommandRecord>(t.app, 'GET', `/api/commands/${id}`, dispatcher.auth_token)).body.data.state;

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    [dispatcher, stranger, member1, member2, guard] = await Promise.all([
      loginAs(t.app, 'dispatcher1'),
      loginAs(t.app, 'dispatcher1', SECOND_ENT_ID),
      deviceLogin(t, 'member1'),
      deviceLogin(t, 'member2'),
      deviceLogin(t, 'guard1', SECOND_ENT_ID),
    ]);
    device1 = await deviceOf('member1');
    device2 = await deviceOf('member2');
    const open = (s: Session) => WsProbe.open(baseUrl, s.auth_token);
    [dispatchWs, strangerWs, device1Ws, device2Ws, guardWs] = await Promise.all([open(dispatcher), open(stranger), open(member1), open(member2), open(guard)]);
    await Promise.all([dispatchWs, strangerWs, device1Ws, device2Ws, guardWs].map((p) => p.ping()));
  });
  afterAll(async () => {
    await Promise.all([dispatchWs, strangerWs, device1Ws, device2Ws, guardWs].map((p) => p?.close()));
    await t?.close();
  });

  it('goes sent -> delivered -> executed as the device answers, seen on dispatch/{entId}', async () => {
    const sent = await send(dispatcher.auth_token, device1, { command: DeviceCommand.Location });
    expect(sent.status).toBe(200);
    const cmd = sent.body.data;
    expect(cmd).toMatchObject({ deviceId: device1, command: 3, state: 'sent', user: { uid: member1.id, account: 'member1' } });
    expect(cmd.issuedBy).toEqual({ id: dispatcher.id, account: 'dispatcher1' });

    const sentFrame = await dispatchWs.waitFor(statusOf(cmd.id, 'sent'), 'CommandStatus sent');
    expect(sentFrame.topic).toBe(topics.dispatch(DEMO_ENT_ID));
    const toDevice = await device1Ws.waitFor(commandFrame(cmd.id), 'DeviceCommand');
    expect(toDevice).toEqual({
      code: 0,
      topic: topics.userListen(DEMO_ENT_ID, member1.id),
      data: { commandId: cmd.id, command: 3, deviceId: device1, expiresAt: cmd.expiresAt },
      t: DEVICE_COMMAND_KIND,
    });

    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'delivered' }));
    await dispatchWs.waitFor(statusOf(cmd.id, 'delivered'), 'CommandStatus delivered');
    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'executed', detail: { lng: 116.4, lat: 39.9 } }));
    const done = await dispatchWs.waitFor(statusOf(cmd.id, 'executed'), 'CommandStatus executed');
    expect(done.data).toMatchObject({ commandId: cmd.id, deviceId: device1, command: 3, state: 'executed', detail: { lng: 116.4, lat: 39.9 } });

    const record = await api<DeviceCommandRecord>(t.app, 'GET', `/api/commands/${cmd.id}`, dispatcher.auth_token);
    expect(record.body.data).toMatchObject({ id: cmd.id, state: 'executed', detail: { lng: 116.4, lat: 39.9 } });
    const history = await api<Page<DeviceCommandRecord>>(t.app, 'GET', `/api/devices/${device1}/commands?order=desc`, dispatcher.auth_token);
    expect(history.body.data.items[0]).toMatchObject({ id: cmd.id, state: 'executed' });
    const logs = await t.db.query<{ actor_id: number; detail: { commandId: number; command: number } }>(
      `select actor_id, detail from device_logs where device_id = $1 and action = 'command'`,
      [device1],
    );
    expect(logs.rows.map((r) => [r.actor_id, r.detail.commandId, r.detail.command])).toContainEqual([dispatcher.id, cmd.id, 3]);

    // Final is final: a late or backwards reply changes nothing.
    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'delivered' }));
    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'failed' }));
    await device1Ws.ping();
    await settle();
    expect(await stateOf(cmd.id)).toBe('executed');
    expect(dispatchWs.frames.filter((f) => f.t === COMMAND_STATUS_KIND && (f.data as CommandStatus).commandId === cmd.id)).toHaveLength(3);
    // The command went to member1's sockets only.
    expect(device2Ws.frames.filter((f) => f.t === DEVICE_COMMAND_KIND)).toEqual([]);
  });

  it('records a failure with its reason, straight from sent', async () => {
    const cmd = (await send(dispatcher.auth_token, device1, { command: DeviceCommand.FrontCamera })).body.data;
    await device1Ws.waitFor(commandFrame(cmd.id));
    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'failed', detail: 'no camera permission' }));
    const failed = await dispatchWs.waitFor(statusOf(cmd.id, 'failed'), 'CommandStatus failed');
    expect((failed.data as CommandStatus).detail).toBe('no camera permission');
    expect(await stateOf(cmd.id)).toBe('failed');
  });

  it('needs confirm: true for kill and stun (2004), and sends a confirmed stun, awaken and a confirmed kill', async () => {
    for (const body of [{ command: 'kill' }, { command: 'kill', confirm: false }, { command: 'stun' }, { command: 'stun', confirm: false }]) {
      const r = await send(dispatcher.auth_token, device2, body);
      expect([r.status, r.body.code, r.body.msg, (r.body.data as unknown as { reason: string }).reason]).toEqual([
        400,
        ServerCode.ParameterError,
        'Please confirm this command',
        'rule.confirmRequired',
      ]);
    }
    for (const body of [{ command: 'stun', confirm: true }, { command: 'awaken' }, { command: 'kill', confirm: true }]) {
      const r = await send(dispatcher.auth_token, device2, body);
      expect([r.body.code, r.body.data.command, r.body.data.state]).toEqual([0, body.command, 'sent']);
      await device2Ws.waitFor(commandFrame(r.body.data.id));
    }
    for (const body of [{ command: 9 }, { command: 'reboot' }, { command: '3' }, {}]) {
      expect((await send(dispatcher.auth_token, device2, body)).body.code).toBe(ServerCode.ParameterError);
    }
  });

  it('refuses disabled, never activated and unbound devices', async () => {
    const admin = await loginAs(t.app, 'admin');
    const created = await api<{ id: number }>(t.app, 'POST', '/api/devices', admin.auth_token, { name: 'Spare', platform: 'android' });
    const spare = created.body.data.id;
    const refused = async (deviceId: number) => {
      const r = await send(dispatcher.auth_token, deviceId, { command: DeviceCommand.DeviceInfo });
      return [r.body.code, (r.body.data as unknown as { reason: string }).reason];
    };
    expect(await refused(spare)).toEqual([ServerCode.UserStatusError, 'rule.deviceNotActivated']);

    const device3 = await deviceOf('member3');
    await api(t.app, 'PUT', `/api/devices/${device3}/status`, admin.auth_token, { status: 'disabled' });
    expect(await refused(device3)).toEqual([ServerCode.DeviceDeactivated, 'rule.deviceDisabled']);
    await api(t.app, 'PUT', `/api/devices/${device3}/status`, admin.auth_token, { status: 'available' });

    await api(t.app, 'POST', `/api/devices/${device3}/cancel`, admin.auth_token);
    expect(await refused(device3)).toEqual([ServerCode.UserStatusError, 'rule.deviceHasNoAccount']);
    const none = await t.db.query('select 1 from device_commands where device_id in ($1, $2)', [spare, device3]);
    expect(none.rows).toEqual([]);
  });

  it("ignores replies from another user, another enterprise, on another's topic, unknown ids and junk", async () => {
    const cmd = (await send(dispatcher.auth_token, device1, { command: DeviceCommand.AppInfo })).body.data;
    await device1Ws.waitFor(commandFrame(cmd.id));
    device2Ws.send(reply(member2, { commandId: cmd.id, state: 'executed' })); // member2 answering member1's command
    guardWs.send(reply(guard, { commandId: cmd.id, state: 'executed' })); // another enterprise
    device2Ws.send(reply(member1, { commandId: cmd.id, state: 'executed' })); // on member1's topic: the gateway drops it
    device1Ws.send(reply(member1, { commandId: 2_000_000_000, state: 'executed' }));
    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'expired' }));
    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'sent' }));
    device1Ws.send(reply(member1, { commandId: String(cmd.id), state: 'executed' }));
    await Promise.all([device1Ws.ping(), device2Ws.ping(), guardWs.ping()]);
    await settle();
    expect(await stateOf(cmd.id)).toBe('sent');
    expect(device1Ws.closeCode).toBeNull();

    // Still open, so its own device can finish it.
    device1Ws.send(reply(member1, { commandId: cmd.id, state: 'executed' }));
    await dispatchWs.waitFor(statusOf(cmd.id, 'executed'));
  });

  it('refuses members (2001) and keeps every enterprise to itself', async () => {
    const member = await loginAs(t.app, 'member4');
    const r = await send(member.auth_token, device1, { command: DeviceCommand.Voice });
    expect([r.status, r.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);

    const cmd = (await send(dispatcher.auth_token, device1, { command: DeviceCommand.Voice })).body.data;
    await dispatchWs.waitFor(statusOf(cmd.id, 'sent'));
    for (const [method, url, body] of [
      ['POST', `/api/devices/${device1}/commands`, { command: DeviceCommand.Voice }],
      ['GET', `/api/devices/${device1}/commands`, undefined],
      ['GET', `/api/commands/${cmd.id}`, undefined],
    ] as const) {
      const other = await api(t.app, method, url, stranger.auth_token, body);
      expect([url, other.body.code]).toEqual([url, ServerCode.NotFound]);
    }
    await strangerWs.ping();
    expect(strangerWs.frames.filter((f) => f.t !== 'Pong' && !f.topic.endsWith(`/${SECOND_ENT_ID}`))).toEqual([]);
    expect(strangerWs.frames.filter((f) => f.t === COMMAND_STATUS_KIND)).toEqual([]);
    expect(guardWs.frames.filter((f) => f.t === DEVICE_COMMAND_KIND)).toEqual([]);
  });

  it('expires an open command past its time when it is read (a restarted node lost its timer)', async () => {
    const cmd = (await send(dispatcher.auth_token, device2, { command: DeviceCommand.WallOpen })).body.data;
    await device2Ws.waitFor(commandFrame(cmd.id));
    device2Ws.send(reply(member2, { commandId: cmd.id, state: 'delivered' }));
    await dispatchWs.waitFor(statusOf(cmd.id, 'delivered'));
    await t.db.query(`update device_commands set expires_at = now() - interval '1 second' where id = $1`, [cmd.id]);
    const history = await api<Page<DeviceCommandRecord>>(t.app, 'GET', `/api/devices/${device2}/commands?state=expired`, dispatcher.auth_token);
    expect(history.body.data.items.map((c) => c.id)).toContain(cmd.id);
    await dispatchWs.waitFor(statusOf(cmd.id, 'expired'), 'CommandStatus expired');
    // Too late now.
    device2Ws.send(reply(member2, { commandId: cmd.id, state: 'executed' }));
    await device2Ws.ping();
    await settle();
    expect(await stateOf(cmd.id)).toBe('expired');
  });

  describe('with a short expiry', () => {
    let short: TestApp;
    beforeAll(async () => {
      short = await createTestApp(kind, { env: { COMMAND_EXPIRY_MS: '400' } });
      await short.listen();
    });
    afterAll(async () => {
      await short?.close();
    });

    it('expires a command nobody answers, on its own, and ignores the late answer', async () => {
      const [boss, handset] = await Promise.all([loginAs(short.app, 'dispatcher2'), deviceLogin(short, 'member5')]);
      const [bossWs, handsetWs] = await Promise.all([WsProbe.open(short.baseUrl, boss.auth_token), WsProbe.open(short.baseUrl, handset.auth_token)]);
      try {
        const deviceId = (await short.db.query<{ id: number }>('select id from devices where user_id = $1', [handset.id])).rows[0]!.id;
        await Promise.all([bossWs.ping(), handsetWs.ping()]);
        const r = await api<DeviceCommandRecord>(short.app, 'POST', `/api/devices/${deviceId}/commands`, boss.auth_token, { command: DeviceCommand.WallClose });
        const id = r.body.data.id;
        expect(Date.parse(r.body.data.expiresAt) - Date.parse(r.body.data.createdAt)).toBe(400);
        await handsetWs.waitFor(commandFrame(id));
        const expired = await bossWs.waitFor(statusOf(id, 'expired'), 'CommandStatus expired');
        expect(expired.data).toMatchObject({ commandId: id, deviceId, command: 8, state: 'expired' });
        handsetWs.send(reply(handset, { commandId: id, state: 'delivered' }));
        await handsetWs.ping();
        await settle();
        const record = await api<DeviceCommandRecord>(short.app, 'GET', `/api/commands/${id}`, boss.auth_token);
        expect(record.body.data.state).toBe('expired');
        expect(bossWs.frames.filter((f) => f.t === COMMAND_STATUS_KIND).map((f) => (f.data as CommandStatus).state)).toEqual(['sent', 'expired']);
      } finally {
        await Promise.all([bossWs.close(), handsetWs.close()]);
      }
    });
  });
});
