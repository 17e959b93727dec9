import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('calls at once, then gathers the calls of the interval into one at its end', () => {
    const fn = jest.fn();
    const t = throttle(fn, 1000);
    t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) {
      jest.advanceTimersByTime(100);
      t.call();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
    t.call();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('drops a pending call when cancelled', () => {
    const fn = jest.fn();
    const t = throttle(fn, 1000);
    t.call();
    t.call();
    t.cancel();
    jest.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
