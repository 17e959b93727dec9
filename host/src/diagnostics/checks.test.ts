import { CLOCK_SKEW_LIMIT_MS, ROUND_TRIP_WARN_MS, clockSkewMs } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';
import { measureClock } from '../app/clockCheck';
import { judgeDroppedFrames, judgeJanus, judgePtt, judgeRoundTrip, judgeSkew } from './checks';

describe('diagnostics judgements', () => {
  it('calls a round trip slow only beyond the threshold', () => {
    expect(judgeRoundTrip('socket', ROUND_TRIP_WARN_MS, { count: 5 })).toEqual({ state: 'ok', key: 'socket.detail', values: { ms: ROUND_TRIP_WARN_MS, count: 5 } });
    expect(judgeRoundTrip('rest', ROUND_TRIP_WARN_MS + 1)).toEqual({ state: 'warning', key: 'rest.slow', values: { ms: ROUND_TRIP_WARN_MS + 1, limit: ROUND_TRIP_WARN_MS } });
  });

  it('warns about a clock off by more than the threshold either way', () => {
    expect(judgeSkew(-CLOCK_SKEW_LIMIT_MS).state).toBe('ok');
    expect(judgeSkew(CLOCK_SKEW_LIMIT_MS + 1)).toMatchObject({ state: 'warning', key: 'clock.far' });
    expect(judgeSkew(-CLOCK_SKEW_LIMIT_MS - 1)).toMatchObject({ state: 'warning', values: { ms: -CLOCK_SKEW_LIMIT_MS - 1 } });
  });

  it('warns about /ws2 frames dropped for not matching the contracts, naming their kinds', () => {
    expect(judgeDroppedFrames({})).toEqual({ state: 'ok', key: 'frames.none' });
    expect(judgeDroppedFrames({ Message: 2, MsgComm: 1 })).toEqual({ state: 'warning', key: 'frames.dropped', values: { count: 3, kinds: 'Message ×2, MsgComm ×1' } });
  });

  it("reports Janus as the server found it", () => {
    expect(judgeJanus({ status: 'notConfigured', latencyMs: null, error: null, server: null })).toEqual({ state: 'warning', key: 'janus.notConfigured' });
    expect(judgeJanus({ status: 'reachable', latencyMs: 12, error: null, server: 'Janus 1.2.4' })).toEqual({ state: 'ok', key: 'janus.reachable', values: { ms: 12, server: 'Janus 1.2.4' } });
    expect(judgeJanus({ status: 'unreachable', latencyMs: null, error: 'ECONNREFUSED', server: null })).toEqual({ state: 'failed', key: 'janus.unreachable', values: { error: 'ECONNREFUSED' } });
  });

  it('takes the server time as read half-way through the request', async () => {
    expect(clockSkewMs(1_000, 1_000, 1_200)).toBe(100);
    // Sent at wall 10 000 (monotonic 0), answered at wall 10 400 (monotonic 400); the server said 4 000.
    const wall = [10_000, 10_400];
    const mono = [0, 400];
    const api = { get: jest.fn(() => Promise.resolve({ serverTime: 4_000 })) } as unknown as ApiClient;
    expect(await measureClock(api, () => wall.shift()!, () => mono.shift()!)).toEqual({ rttMs: 400, skewMs: 6_200 });
    expect(api.get).toHaveBeenCalledWith('/api/diagnostics/time', expect.anything());
  });

  it('shows the PTT figures measured in the console, warning above the access target', () => {
    expect(judgePtt(undefined)).toEqual({ state: 'idle', key: 'ptt.none' });
    const stats = { samples: 12, accessLastMs: 61.4, accessMedianMs: 58, accessP95Ms: 150, roundTripMs: null, jitterBufferMs: 42.6, updatedAt: 1 };
    expect(judgePtt({ ...stats, samples: 0 })).toEqual({ state: 'idle', key: 'ptt.none' });
    expect(judgePtt(stats)).toEqual({
      state: 'ok',
      key: 'ptt.detail',
      values: { last: '61', median: '58', p95: '150', count: 12, rtt: '—', jitter: '43' },
    });
    expect(judgePtt({ ...stats, accessP95Ms: 151 })).toMatchObject({ state: 'warning', key: 'ptt.slow', values: { p95: '151', limit: 150 } });
  });
});
