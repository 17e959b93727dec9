import { BUS_TOPICS, BUS_TOPIC_NAMES, isStateTopic } from './bus-topics';
import type { BusPayload, BusTopicName, EventTopicName, StateTopicName } from './bus-topics';

describe('bus topic table', () => {
  it('marks session, socket status, locale and settings as state; the rest as events', () => {
    expect(BUS_TOPIC_NAMES.filter(isStateTopic).sort()).toEqual(['locale', 'ptt/stats', 'session', 'settings', 'socket/status']);
    const events: EventTopicName[] = ['ws/ent', 'ws/user', 'ws/channel', 'ws/dispatch', 'ws/ptt', 'ws/screen', 'ws/fence', 'ws/patrol', 'session/expired', 'nav/go', 'notify', 'notify/dismiss'];
    expect(BUS_TOPIC_NAMES.filter((n) => !isStateTopic(n)).sort()).toEqual([...events].sort());
  });

  it('validates payloads with each topic schema', () => {
    const status: BusPayload<'socket/status'> = { state: 'open', failures: 0 };
    expect(BUS_TOPICS['socket/status'].schema.safeParse(status).success).toBe(true);
    expect(BUS_TOPICS['socket/status'].schema.safeParse({ state: 'weird', failures: 0 }).success).toBe(false);
    expect(BUS_TOPICS.session.schema.safeParse(null).success).toBe(true);
    const sosLog: BusPayload<'ws/user'> = { kind: 'SosLog', data: { sosId: 4, state: 'open', answered: true, reason: null }, topic: 't' };
    expect(BUS_TOPICS['ws/user'].schema.safeParse(sosLog).success).toBe(true);
    expect(BUS_TOPICS['ws/user'].schema.safeParse({ ...sosLog, data: {} }).success).toBe(false);
    expect(BUS_TOPICS['ws/user'].schema.safeParse({ kind: 'Login', data: {}, topic: 't' }).success).toBe(false);
    expect(BUS_TOPICS['ws/channel'].schema.safeParse({ kind: 'ChannelStatus', data: { channelId: 3, enabled: false }, topic: 't' }).success).toBe(true);
    expect(BUS_TOPICS['ws/dispatch'].schema.safeParse({ kind: 'WallAlert', data: 1, topic: 't' }).success).toBe(false);
    expect(BUS_TOPICS['session/expired'].schema.safeParse({ code: 10001 }).success).toBe(true);
    expect(BUS_TOPICS['session/expired'].schema.safeParse({ code: 2004 }).success).toBe(false);
    expect(BUS_TOPICS['session/expired'].schema.safeParse({ code: 10000, reason: 'accountChanged' }).success).toBe(true);
    expect(BUS_TOPICS['session/expired'].schema.safeParse({ code: 10000, reason: 'bored' }).success).toBe(false);
    expect(BUS_TOPICS.notify.schema.safeParse({ intent: 'error', code: 2001 }).success).toBe(true);
    expect(BUS_TOPICS.notify.schema.safeParse({ intent: 'info', key: 'client.dataUpdated', id: 'x', timeoutMs: -1 }).success).toBe(true);
    expect(BUS_TOPICS.notify.schema.safeParse({ intent: 'info' }).success).toBe(false);
    expect(BUS_TOPICS.notify.schema.safeParse({ intent: 'loud', key: 'k' }).success).toBe(false);
    const state: StateTopicName = 'locale';
    expect(BUS_TOPICS[state].schema.safeParse('zh').success).toBe(true);
  });

  it('checks only the envelope of /ws2 payloads on publish, and the whole payload for the rest', () => {
    const spec = (name: BusTopicName) => BUS_TOPICS[name];
    const envelopes = BUS_TOPIC_NAMES.filter((n) => 'envelope' in spec(n));
    expect(envelopes.sort()).toEqual(['ws/channel', 'ws/dispatch', 'ws/ent', 'ws/fence', 'ws/patrol', 'ws/ptt', 'ws/screen', 'ws/user']);
    expect(BUS_TOPICS['ws/channel'].envelope.safeParse({ kind: 'GroupMessage', t: 'Message', data: 1, topic: 't' }).success).toBe(true);
    expect(BUS_TOPICS['ws/dispatch'].envelope.safeParse({ kind: 'WallAlert', data: 1, topic: 't' }).success).toBe(false);
    expect(BUS_TOPICS['ws/ptt'].envelope.safeParse({ chatId: '100001-1-5', reason: 'granted' }).success).toBe(true);
    expect(BUS_TOPICS['ws/ptt'].envelope.safeParse({ chatId: '100001-1-5', reason: 'bored' }).success).toBe(false);
  });
});
