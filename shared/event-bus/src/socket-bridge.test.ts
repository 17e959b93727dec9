import {
  HEARTBEAT_INTERVAL_MS,
  PING_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  heartbeatSchema,
} from '@ptt/contracts';
import type { BusPayload, Heartbeat, Session } from '@ptt/contracts';
import { createEventBus } from './bus';
import type { EventBus } from './bus';
import { createSocketBridge } from './socket-bridge';
import { FakeWebSocket, TEST_SESSION } from './test-support';
import { USER, USER_DATA, frame } from './test-frames';

const URL = 'wss://msg.test/ws2';

function setup(session: Session | null = TEST_SESSION, random: () => number = () => 1) {
  FakeWebSocket.reset();
  const bus: EventBus = createEventBus();
  const logger = { info: jest.fn(), error: jest.fn() };
  const navigate = jest.fn();
  const statuses: Array<BusPayload<'socket/status'>> = [];
  const expired: Array<BusPayload<'session/expired'>> = [];
  const userEvents: Array<BusPayload<'ws/user'>> = [];
  bus.on('socket/status').subscribe((s) => statuses.push(s));
  bus.on('session/expired').subscribe((e) => expired.push(e));
  bus.on('ws/user').subscribe((e) => userEvents.push(e));
  const bridge = createSocketBridge({
    bus,
    url: URL,
    sessionStore: { load: () => session },
    WebSocketImpl: FakeWebSocket,
    logger,
    navigate,
    now: () => 1_700_000_000_000,
    device: 'jest',
    random,
  });
  return { bus, bridge, logger, navigate, statuses, expired, userEvents };
}

function heartbeats(ws: FakeWebSocket): Heartbeat[] {
  return ws.framesOfKind('Heartbeat').map((f) => heartbeatSchema.parse(f.data));
}

/** Opens a socket, then lets it fail before opening `n` times in a row. */
function failRepeatedly(n: number): void {
  for (let i = 0; i < n; i += 1) {
    FakeWebSocket.last().serverClose(1006);
    jest.runOnlyPendingTimers();
  }
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('socket bridge: connecting', () => {
  it('opens /ws2 with the stored token in the at query', () => {
    const { bridge, statuses } = setup();
    bridge.connect();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.last().url).toBe(`${URL}?at=${encodeURIComponent(TEST_SESSION.auth_token)}`);
    expect(statuses.at(-1)).toEqual({ state: 'connecting', failures: 0 });
  });

  it('without a stored user logs "cannot find the main channel", goes to / and opens no socket', () => {
    const { bridge, logger, navigate } = setup(null);
    bridge.connect();
    expect(logger.error).toHaveBeenCalledWith('cannot find the main channel');
    expect(navigate).toHaveBeenCalledWith('/');
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('connecting again closes the existing socket and its timers first', () => {
    const { bridge, statuses } = setup();
    bridge.connect();
    const first = FakeWebSocket.last();
    first.serverOpen();
    bridge.connect();
    expect(first.closed).toBe(true);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const sentByFirst = first.sent.length;
    jest.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 2);
    expect(first.sent).toHaveLength(sentByFirst);
    // A late close from the replaced socket is not a failure of the new one.
    first.serverClose(1006);
    expect(statuses.at(-1)).toEqual({ state: 'connecting', failures: 0 });
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});

describe('socket bridge: heartbeats', () => {
  it('sends two online heartbeats on open, then exactly one every 60 s', () => {
    const { bridge, statuses } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.autoPong = true;
    expect(heartbeats(ws)).toHaveLength(0);
    ws.serverOpen();
    expect(statuses.at(-1)).toEqual({ state: 'open', failures: 0 });
    const first = heartbeats(ws);
    expect(first).toHaveLength(2);
    for (const hb of first) {
      expect(hb).toMatchObject({ method: 1, event: 0, eid: 100001, uid: 7, platform: 'Web', cid: 'client-1' });
      expect(hb).toMatchObject({ timestamp: 1_700_000_000_000, device: 'jest', chat_id: '' });
    }
    expect(ws.framesOfKind('Heartbeat')[0]!.topic).toBe('icoTest/json/device/heartbeat/100001/7');

    jest.advanceTimersByTime(HEARTBEAT_INTERVAL_MS - 1);
    expect(heartbeats(ws)).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(heartbeats(ws)).toHaveLength(3);
    jest.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(heartbeats(ws)).toHaveLength(4);
    expect(ws.closed).toBe(false);
  });

  it('stops the heartbeat repeat when the socket closes', () => {
    const { bridge } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverClose(1006);
    // Only the reconnect wait is left: no heartbeat or ping timer keeps running.
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 3);
    expect(heartbeats(ws)).toHaveLength(2);
  });

  it('sends an offline heartbeat with event 9', () => {
    const { bridge } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    expect(bridge.sendOfflineHeartbeat()).toBe(true);
    expect(heartbeats(ws).at(-1)).toMatchObject({ method: 1, event: 9 });
  });

  it('sends a chat heartbeat with method 2, event 1 and the chat id', () => {
    const { bridge } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    expect(bridge.sendChatHeartbeat('100001-1-3')).toBe(true);
    expect(heartbeats(ws).at(-1)).toMatchObject({ method: 2, event: 1, chat_id: '100001-1-3' });
    expect(() => bridge.sendChatHeartbeat('bogus')).toThrow(/chat id/);
  });

  it('does not send offline or chat heartbeats while not open', () => {
    const { bridge } = setup();
    expect(bridge.sendOfflineHeartbeat()).toBe(false);
    bridge.connect();
    const ws = FakeWebSocket.last();
    expect(bridge.sendOfflineHeartbeat()).toBe(false);
    expect(bridge.sendChatHeartbeat('100001-1-3')).toBe(false);
    expect(ws.sent).toHaveLength(0);
  });
});

describe('socket bridge: injected timers', () => {
  it('schedules heartbeat and ping repeats on the timers it is given', () => {
    FakeWebSocket.reset();
    const setIntervalSpy = jest.fn((fn: () => void, ms: number) => setInterval(fn, ms));
    const timers = { setTimeout, clearTimeout, clearInterval, setInterval: setIntervalSpy };
    const bridge = createSocketBridge({
      bus: createEventBus(),
      url: URL,
      sessionStore: { load: () => TEST_SESSION },
      WebSocketImpl: FakeWebSocket,
      timers,
      logger: { info: jest.fn(), error: jest.fn() },
      navigate: jest.fn(),
    });
    bridge.connect();
    FakeWebSocket.last().serverOpen();
    expect(setIntervalSpy.mock.calls.map(([, ms]) => ms).sort((a, b) => a - b)).toEqual([PING_INTERVAL_MS, HEARTBEAT_INTERVAL_MS]);
  });
});

describe('socket bridge: keep-alive', () => {
  it('pings every 10 s', () => {
    const { bridge } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    jest.advanceTimersByTime(PING_INTERVAL_MS - 1);
    expect(ws.framesOfKind('Ping')).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(ws.framesOfKind('Ping')).toEqual([{ code: 0, topic: 'sys/ping', data: null, t: 'Ping' }]);
    ws.serverSend({ code: 0, topic: 'sys/ping', data: null, t: 'Pong' });
    jest.advanceTimersByTime(PING_INTERVAL_MS);
    expect(ws.framesOfKind('Ping')).toHaveLength(2);
  });

  it('closes and reconnects when no pong arrives within 1 s', () => {
    const { bridge, statuses } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    jest.advanceTimersByTime(PING_INTERVAL_MS + PONG_TIMEOUT_MS - 1);
    expect(ws.closed).toBe(false);
    jest.advanceTimersByTime(1);
    expect(ws.closed).toBe(true);
    expect(statuses.at(-1)).toEqual({ state: 'closed', failures: 1 });
    jest.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.last()).not.toBe(ws);
  });

  it('stays open when the pong arrives in time', () => {
    const { bridge } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    jest.advanceTimersByTime(PING_INTERVAL_MS + 500);
    ws.serverSend(JSON.stringify({ code: 0, topic: 'sys/ping', data: null, t: 'Pong' }));
    jest.advanceTimersByTime(PING_INTERVAL_MS - 600);
    expect(ws.closed).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(bridge.isOpen()).toBe(true);
  });

  it('stops pinging when the socket closes', () => {
    const { bridge } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverClose(1006);
    jest.advanceTimersByTime(PING_INTERVAL_MS * 3);
    expect(ws.framesOfKind('Ping')).toHaveLength(0);
  });
});

describe('socket bridge: failures and reconnect', () => {
  it('raises the failure counter on every close and publishes it', () => {
    const { bridge, statuses } = setup();
    bridge.connect();
    failRepeatedly(3);
    expect(statuses.filter((s) => s.state === 'closed')).toEqual([
      { state: 'closed', failures: 1 },
      { state: 'closed', failures: 2 },
      { state: 'closed', failures: 3 },
    ]);
  });

  it('logs errors only while the counter is below 3: the 4th failure is not logged', () => {
    const { bridge, logger } = setup();
    bridge.connect();
    failRepeatedly(3);
    expect(logger.error).toHaveBeenCalledTimes(3);
    failRepeatedly(1);
    expect(logger.error).toHaveBeenCalledTimes(3);
  });

  it('reconnects after a close with growing delays', () => {
    const { bridge } = setup();
    bridge.connect();
    FakeWebSocket.last().serverClose(1006);
    jest.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.last().url).toBe(FakeWebSocket.instances[0]!.url);
    FakeWebSocket.last().serverClose(1006);
    jest.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('draws each reconnect delay from the upper half of its step, so consoles cut off together spread out', () => {
    const { bridge } = setup(TEST_SESSION, () => 0);
    bridge.connect();
    FakeWebSocket.last().serverClose(1006);
    jest.advanceTimersByTime(499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('resets the counter once a socket opens again', () => {
    const { bridge, logger, statuses } = setup();
    bridge.connect();
    failRepeatedly(4);
    FakeWebSocket.last().serverOpen();
    expect(statuses.at(-1)).toEqual({ state: 'open', failures: 0 });
    logger.error.mockClear();
    FakeWebSocket.last().serverClose(1006);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toEqual({ state: 'closed', failures: 1 });
  });

  it('counts an error followed by its close as one failure', () => {
    const { bridge, statuses } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverError();
    ws.serverClose(1006);
    expect(ws.closed).toBe(true);
    expect(statuses.filter((s) => s.state === 'closed')).toEqual([{ state: 'closed', failures: 1 }]);
  });

  it.each([
    [4000, 10000],
    [4001, 10001],
  ])('after close code %i publishes session/expired %i and never reconnects', (closeCode, code) => {
    const { bridge, expired, logger } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverClose(closeCode);
    expect(expired).toEqual([{ code }]);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(heartbeats(ws)).toHaveLength(2);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("passes on the reason of the server's sys/auth frame and reports the socket idle", () => {
    const { bridge, expired, statuses } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend({ code: 10000, topic: 'sys/auth', data: { reason: 'accountChanged' }, t: 'AuthFailed' });
    ws.serverClose(4000);
    expect(expired).toEqual([{ code: 10000, reason: 'accountChanged' }]);
    expect(statuses.at(-1)).toEqual({ state: 'idle', failures: 0 });
  });

  it('ignores an unknown reason in the sys/auth frame', () => {
    const { bridge, expired } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend({ code: 10001, topic: 'sys/auth', data: { reason: 'whatever' }, t: 'LoggedInElsewhere' });
    ws.serverClose(4001);
    expect(expired).toEqual([{ code: 10001 }]);
  });

  it('disconnect() closes the socket, stops every repeat and never reconnects', () => {
    const { bridge, statuses } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    bridge.disconnect();
    expect(ws.closedWith).toEqual([1000]);
    expect(statuses.at(-1)).toEqual({ state: 'idle', failures: 0 });
    expect(jest.getTimerCount()).toBe(0);
    ws.serverClose(1000);
    jest.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(heartbeats(ws)).toHaveLength(2);
    expect(ws.framesOfKind('Ping')).toHaveLength(0);
  });

  it('disconnect() during a reconnect wait cancels the reconnect', () => {
    const { bridge } = setup();
    bridge.connect();
    FakeWebSocket.last().serverClose(1006);
    bridge.disconnect();
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('socket bridge: incoming frames', () => {
  it('publishes valid frames through the adapter', () => {
    const { bridge, userEvents } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend(frame(USER, 'MsgComm', USER_DATA.MsgComm));
    expect(userEvents).toEqual([{ kind: 'MsgComm', data: USER_DATA.MsgComm, topic: USER }]);
    expect(bridge.droppedFrames()).toEqual({});
  });

  it('ignores binary frames and non-JSON text silently', () => {
    const { bridge, userEvents, logger } = setup();
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    const valid = JSON.stringify(frame(USER, 'MsgComm', USER_DATA.MsgComm));
    const bytes = Uint8Array.from(valid, (c) => c.charCodeAt(0));
    expect(() => {
      ws.serverSend(bytes.buffer);
      ws.serverSend(bytes);
      ws.serverSend(new Blob([valid]));
      ws.serverSend('not json');
      ws.serverSend('{"topic":"msg/listen/user/100001/7"}');
    }).not.toThrow();
    expect(userEvents).toEqual([]);
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.info).not.toHaveBeenCalled();
    expect(ws.closed).toBe(false);
  });

  it('keeps pong frames out of the bus', () => {
    const { bus, bridge } = setup();
    const seen: unknown[] = [];
    for (const topic of ['ws/ent', 'ws/user', 'ws/channel', 'ws/dispatch'] as const) bus.on(topic).subscribe((e) => seen.push(e));
    bridge.connect();
    const ws = FakeWebSocket.last();
    ws.serverOpen();
    ws.serverSend({ code: 0, topic: 'sys/ping', data: null, t: 'Pong' });
    expect(seen).toEqual([]);
  });
});
