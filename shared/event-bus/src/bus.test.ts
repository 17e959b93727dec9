import { createEventBus, BusPayloadError } from './bus';

describe('event bus', () => {
  it('replays the latest state value to a late subscriber', () => {
    const bus = createEventBus();
    bus.publish('locale', 'en');
    bus.publish('locale', 'zh');
    const seen: string[] = [];
    bus.on('locale').subscribe((v) => seen.push(v));
    expect(seen).toEqual(['zh']);
    expect(bus.current('locale')).toBe('zh');
  });

  it('does not replay events to a late subscriber', () => {
    const bus = createEventBus();
    bus.publish('nav/go', { to: '/login' });
    const seen: unknown[] = [];
    bus.on('nav/go').subscribe((v) => seen.push(v));
    expect(seen).toEqual([]);
    bus.publish('nav/go', { to: '/main' });
    expect(seen).toEqual([{ to: '/main' }]);
  });

  it('reports no current value before a state topic is first published', () => {
    const bus = createEventBus();
    expect(bus.current('socket/status')).toBeUndefined();
    const seen: unknown[] = [];
    bus.on('session').subscribe((v) => seen.push(v));
    expect(seen).toEqual([]);
    bus.publish('session', null);
    expect(seen).toEqual([null]);
    expect(bus.current('session')).toBeNull();
  });

  it('throws on a payload that breaks the topic schema and delivers nothing', () => {
    const bus = createEventBus();
    const seen: unknown[] = [];
    bus.on('socket/status').subscribe((v) => seen.push(v));
    expect(() => bus.publish('socket/status', { state: 'weird', failures: -1 } as never)).toThrow(BusPayloadError);
    expect(() => bus.publish('locale', 'fr' as never)).toThrow(/locale/);
    expect(seen).toEqual([]);
    expect(bus.current('locale')).toBeUndefined();
  });

  it('checks only the envelope of a /ws2 event, whose data the adapter has parsed', () => {
    const bus = createEventBus();
    const seen: unknown[] = [];
    bus.on('ws/channel').subscribe((v) => seen.push(v));
    const data = { channelId: 3, enabled: true };
    bus.publish('ws/channel', { kind: 'ChannelStatus', data, topic: 'msg/listen/channel/100001/3' });
    expect(seen).toEqual([{ kind: 'ChannelStatus', data, topic: 'msg/listen/channel/100001/3' }]);
    expect(() => bus.publish('ws/channel', { kind: 'Login', data, topic: 't' } as never)).toThrow(/ws\/channel/);
  });

  it('keeps separate buses apart', () => {
    const a = createEventBus();
    const b = createEventBus();
    a.publish('locale', 'zh');
    expect(b.current('locale')).toBeUndefined();
  });
});
