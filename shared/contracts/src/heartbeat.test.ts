import {
  HEARTBEAT_KIND,
  HeartbeatEvent,
  HeartbeatMethod,
  PLATFORM_WEB,
  buildHeartbeat,
  heartbeatFrame,
  heartbeatSchema,
  simpleHeartbeatSchema,
} from './heartbeat';
import type { Session } from './session';

const session: Session = {
  id: 7, ent: { id: 100001, name: 'Demo' }, auth_token: 'tok', client_id: 'c-1', account: 'a', nickname: 'A', role: 1,
};

describe('heartbeats', () => {
  it('numbers methods and events as the protocol does', () => {
    expect(HeartbeatMethod).toEqual({ Presence: 1, Chat: 2 });
    expect(HeartbeatEvent).toEqual({ Online: 0, EnterChat: 1, Offline: 9 });
    expect(PLATFORM_WEB).toBe('Web');
  });

  it('fills every heartbeat field from the session', () => {
    const hb = buildHeartbeat({ session, method: 2, event: 1, chatId: '100001-1-3', device: 'ua', now: 1234 });
    expect(hb).toEqual({
      eid: 100001, timestamp: 1234, method: 2, uid: 7, event: 1, chat_id: '100001-1-3', platform: 'Web', cid: 'c-1', device: 'ua',
    });
    expect(heartbeatSchema.parse(hb)).toEqual(hb);
  });

  it('sends on the heartbeat topic of the user', () => {
    const hb = buildHeartbeat({ session, method: 1, event: 0, now: 1 });
    expect(hb.chat_id).toBe('');
    expect(heartbeatFrame(session, hb)).toEqual({
      code: 0, topic: 'icoTest/json/device/heartbeat/100001/7', data: hb, t: HEARTBEAT_KIND,
    });
  });

  it('rejects unknown methods and events', () => {
    const hb = buildHeartbeat({ session, method: 1, event: 0, now: 1 });
    expect(heartbeatSchema.safeParse({ ...hb, method: 3 }).success).toBe(false);
    expect(heartbeatSchema.safeParse({ ...hb, event: 2 }).success).toBe(false);
  });

  it('validates the simple heartbeat t, p, cid', () => {
    expect(simpleHeartbeatSchema.safeParse({ t: 1, p: 'Web', cid: 'c' }).success).toBe(true);
    expect(simpleHeartbeatSchema.safeParse({ t: 1, cid: 'c' }).success).toBe(false);
  });
});
