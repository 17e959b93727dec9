import { renderHook } from '@testing-library/react';
import { createEventBus } from '@ptt/event-bus';
import { useRefetchOnReconnect } from './useRefetchOnReconnect';

describe('useRefetchOnReconnect', () => {
  it('reads again each time the socket opens after not being open, never while it stays open', () => {
    const bus = createEventBus();
    const refetch = jest.fn();
    bus.publish('socket/status', { state: 'open', failures: 0 });
    const { unmount } = renderHook(() => useRefetchOnReconnect(bus, refetch));
    bus.publish('socket/status', { state: 'open', failures: 0 });
    expect(refetch).not.toHaveBeenCalled();
    bus.publish('socket/status', { state: 'closed', failures: 1 });
    bus.publish('socket/status', { state: 'connecting', failures: 1 });
    expect(refetch).not.toHaveBeenCalled();
    bus.publish('socket/status', { state: 'open', failures: 0 });
    expect(refetch).toHaveBeenCalledTimes(1);
    unmount();
    bus.publish('socket/status', { state: 'closed', failures: 1 });
    bus.publish('socket/status', { state: 'open', failures: 0 });
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
