import { act, renderHook } from '@testing-library/react';
import { useNow } from './useNow';

describe('useNow', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('re-reads the clock every interval and stops when unmounted', () => {
    const { result, unmount } = renderHook(() => useNow(500));
    expect(result.current).toBe(1_000_000);
    act(() => jest.advanceTimersByTime(500));
    expect(result.current).toBe(1_000_500);
    act(() => jest.advanceTimersByTime(1_000));
    expect(result.current).toBe(1_001_500);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
