import { reconnectDelayMs } from './backoff';

describe('reconnect backoff', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelayMs(10_000)).toBe(30000);
  });

  it('draws from the upper half of each step', () => {
    expect([1, 2, 6].map((n) => reconnectDelayMs(n, 1000, 30_000, () => 0))).toEqual([500, 1000, 15000]);
    expect([1, 2, 6].map((n) => reconnectDelayMs(n, 1000, 30_000, () => 0.5))).toEqual([750, 1500, 22500]);
    expect(reconnectDelayMs(3, 1000, 30_000, () => 0.999)).toBeLessThanOrEqual(4000);
  });
});
