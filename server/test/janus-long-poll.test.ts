import { SharedLongPoll } from '../src/media/janus-long-poll';

// The proxy's shared long poll (unit): one Janus poll serves the browser's successive polls, and
// no event is lost when a browser's poll turns out to be gone after it took an answer.

function upstream() {
  const polls: { resolve: (answer: unknown) => void }[] = [];
  const poll = jest.fn(() => new Promise<unknown>((resolve) => polls.push({ resolve })));
  return { poll, polls };
}

const JOINED = { janus: 'event', plugindata: { data: { audiobridge: 'joined' } } };
// Past the keep step, which runs on a later turn than the answer itself.
const settle = () => new Promise((r) => setTimeout(r, 5));

describe('SharedLongPoll', () => {
  it('keeps what Janus answers after the browser gave up, for its next poll', async () => {
    const { poll, polls } = upstream();
    const shared = new SharedLongPoll(poll);
    const gone = new AbortController();
    const first = shared.next(1, gone.signal);
    gone.abort();
    expect(await first).toBeUndefined();
    polls[0]!.resolve(JOINED);
    await settle();
    expect(await shared.next(1, new AbortController().signal)).toEqual(JOINED);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('hands an answer given back by a gone browser to the poll already waiting on a newer round', async () => {
    const { poll, polls } = upstream();
    const shared = new SharedLongPoll(poll);
    // The first poll's browser left, but the server has not seen it yet: both wait on one round.
    const stale = shared.next(1, new AbortController().signal);
    const fresh = shared.next(1, new AbortController().signal);
    polls[0]!.resolve(JOINED);
    // The stale poll takes it; the fresh one starts the next round with Janus.
    expect(await stale).toEqual(JOINED);
    await settle();
    expect(poll).toHaveBeenCalledTimes(2);
    // Writing the answer, the proxy finds the stale browser gone and gives it back.
    shared.giveBack(JOINED);
    const got = await Promise.race([fresh, new Promise((r) => setTimeout(() => r('still waiting'), 1000))]);
    expect(got).toEqual(JOINED);
    // Once only: the next round's answer is the next thing a poll gets.
    polls[1]!.resolve({ janus: 'event', n: 2 });
    expect(await shared.next(1, new AbortController().signal)).toEqual({ janus: 'event', n: 2 });
  });

  it('drops keepalives rather than keeping them', async () => {
    const { poll, polls } = upstream();
    const shared = new SharedLongPoll(poll);
    const gone = new AbortController();
    const first = shared.next(1, gone.signal);
    gone.abort();
    await first;
    polls[0]!.resolve({ janus: 'keepalive' });
    await settle();
    const next = shared.next(1, new AbortController().signal);
    expect(poll).toHaveBeenCalledTimes(2);
    polls[1]!.resolve(JOINED);
    expect(await next).toEqual(JOINED);
  });
});
