import { CONSOLE_ANSWER_MS, CONSOLE_CHANNEL } from '@ptt/contracts';
import { handToConsole } from './consoleLink';

/** BroadcastChannel between pages of one origin, in one process: every channel of a name hears the others. */
class FakeChannel {
  static all: FakeChannel[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  closed = false;
  constructor(readonly name: string) {
    FakeChannel.all.push(this);
  }
  postMessage(data: unknown) {
    for (const c of FakeChannel.all) if (c !== this && c.name === this.name && !c.closed) c.onmessage?.({ data } as MessageEvent);
  }
  close() {
    this.closed = true;
  }
}

/** An open dispatch console: takes every request (or none). */
function openConsole(takes: boolean) {
  const seen: unknown[] = [];
  const channel = new FakeChannel(CONSOLE_CHANNEL);
  channel.onmessage = (e) => {
    seen.push(e.data);
    const { requestId } = e.data as { requestId: string };
    if (takes) channel.postMessage({ type: 'console/taken', requestId });
  };
  return seen;
}

const Channel = FakeChannel as unknown as typeof BroadcastChannel;

beforeEach(() => {
  FakeChannel.all = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('handToConsole', () => {
  it('an open console takes the call: no window is opened', async () => {
    const seen = openConsole(true);
    const open = jest.fn(() => ({}));
    const outcome = handToConsole('call', 21, undefined, { Channel, open, requestId: () => 'r1' });
    await expect(outcome).resolves.toBe('console');
    expect(seen).toEqual([{ type: 'console/request', requestId: 'r1', action: 'call', uid: 21 }]);
    expect(open).not.toHaveBeenCalled();
    expect(FakeChannel.all[1]?.closed).toBe(true);
  });

  it('no console answers within the wait: the console opens in its named window with the chat', async () => {
    openConsole(false);
    const open = jest.fn(() => ({}));
    const outcome = handToConsole('chat', 21, undefined, { Channel, open, requestId: () => 'r2' });
    jest.advanceTimersByTime(CONSOLE_ANSWER_MS - 1);
    expect(open).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await expect(outcome).resolves.toBe('opened');
    expect(open).toHaveBeenCalledWith('/main/dispatch?chat=21', CONSOLE_CHANNEL);
  });

  it('an answer to another request does not count', async () => {
    const other = new FakeChannel(CONSOLE_CHANNEL);
    other.onmessage = () => other.postMessage({ type: 'console/taken', requestId: 'someone-else' });
    const open = jest.fn(() => null);
    const outcome = handToConsole('call', 5, undefined, { Channel, open, requestId: () => 'mine' });
    jest.advanceTimersByTime(CONSOLE_ANSWER_MS);
    await expect(outcome).resolves.toBe('blocked');
  });

  it('without BroadcastChannel the window opens at once', async () => {
    const open = jest.fn(() => ({}));
    await expect(handToConsole('call', 7, undefined, { open })).resolves.toBe('opened');
    expect(open).toHaveBeenCalledWith('/main/dispatch?call=7', CONSOLE_CHANNEL);
  });
});
