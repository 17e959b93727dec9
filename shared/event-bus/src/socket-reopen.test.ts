import { createEventBus } from './bus';
import { onSocketReopen } from './socket-reopen';

describe('onSocketReopen', () => {
  it('calls back only when the socket opens again after being down', () => {
    const bus = createEventBus();
    const reload = jest.fn();
    const sub = onSocketReopen(bus, reload);
    bus.publish('socket/status', { state: 'open', failures: 0 });
    expect(reload).not.toHaveBeenCalled();
    bus.publish('socket/status', { state: 'closed', failures: 1 });
    bus.publish('socket/status', { state: 'connecting', failures: 1 });
    expect(reload).not.toHaveBeenCalled();
    bus.publish('socket/status', { state: 'open', failures: 0 });
    bus.publish('socket/status', { state: 'open', failures: 0 });
    expect(reload).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
    bus.publish('socket/status', { state: 'closed', failures: 1 });
    bus.publish('socket/status', { state: 'open', failures: 0 });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
