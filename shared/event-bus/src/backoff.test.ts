import { reconnectDelayMs } from './backoff';

describe('reconnect backoff', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelayMs(10_000)).toBe(30000);
  });
});
