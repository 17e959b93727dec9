import { chatMessageSchema } from '@ptt/contracts';
import type { BusPayload } from '@ptt/contracts';
import { createEventBus } from './bus';
import { createSocketBridge } from './socket-bridge';
import { FakeWebSocket, TEST_SESSION } from './test-support';
import { CHANNEL, USER, frame, groupMessage, personalMessage } from './test-frames';

// Issue 16: a chat frame used to be parsed by every subscriber (the chat feed, the chat list and
// the member list each ran chatMessageSchema on it). Now the adapter parses it, once.

function connected() {
  FakeWebSocket.reset();
  const bus = createEventBus();
  const logger = { info: jest.fn(), error: jest.fn() };
  const bridge = createSocketBridge({
    bus,
    url: 'wss://msg.test/ws2',
    sessionStore: { load: () => TEST_SESSION },
    WebSocketImpl: FakeWebSocket,
    logger,
    navigate: jest.fn(),
    device: 'jest',
  });
  bridge.connect();
  const ws = FakeWebSocket.last();
  ws.serverOpen();
  // Several subscribers per topic, as in the console.
  const group: Array<BusPayload<'ws/channel'>[]> = [[], [], []];
  const personal: Array<BusPayload<'ws/user'>[]> = [[], []];
  group.forEach((seen) => bus.on('ws/channel').subscribe((e) => seen.push(e)));
  personal.forEach((seen) => bus.on('ws/user').subscribe((e) => seen.push(e)));
  return { ws, bridge, logger, group, personal };
}

/** Every run of the chat message schema, whoever asks: `safeParse` and parses nested in a union alike. */
function countChatParses(): jest.SpyInstance {
  return jest.spyOn(chatMessageSchema._zod, 'run');
}

afterEach(() => jest.restoreAllMocks());

describe('one parse per frame', () => {
  it('parses each chat frame once, however many subscribers it reaches', () => {
    const { ws, group, personal } = connected();
    const runs = countChatParses();
    ws.serverSend(frame(CHANNEL, 'Message', groupMessage));
    ws.serverSend(frame(CHANNEL, 'Message', { ...groupMessage, id: 43 }));
    ws.serverSend(frame(USER, 'Message', personalMessage));
    expect(runs).toHaveBeenCalledTimes(3);
    for (const seen of group) expect(seen.map((e) => e.kind === 'GroupMessage' && e.t === 'Message' && e.data.id)).toEqual([41, 43]);
    for (const seen of personal) expect(seen.map((e) => e.kind === 'Personal' && e.t === 'Message' && e.data.id)).toEqual([42]);
  });

  it('counts and drops a malformed chat frame before any subscriber sees it', () => {
    const { ws, bridge, logger, group, personal } = connected();
    const runs = countChatParses();
    const malformed = { ...groupMessage, type: 0, content: { url: 'javascript:alert(1)' } };
    ws.serverSend(frame(CHANNEL, 'Message', malformed));
    ws.serverSend(frame(USER, 'Message', { ...personalMessage, from: null }));
    expect(runs).toHaveBeenCalledTimes(2);
    expect([...group, ...personal].flat()).toEqual([]);
    expect(bridge.droppedFrames()).toEqual({ Message: 2 });
    expect(logger.error).toHaveBeenCalledTimes(1);
    // The socket stays up and the next good frame goes through.
    ws.serverSend(frame(CHANNEL, 'Message', groupMessage));
    expect(group.map((seen) => seen.length)).toEqual([1, 1, 1]);
  });
});
