import { ServerCode } from './codes';
import { PING_KIND, PING_TOPIC, PONG_KIND, WS_CLOSE, parseWs2Frame, pingFrame, serverCodeForClose } from './ws2';

const frame = { code: 0, topic: 'dispatch/1', data: { a: 1 }, t: 'DeviceInfo' };

describe('parseWs2Frame', () => {
  it('reads a JSON text frame', () => {
    expect(parseWs2Frame(JSON.stringify(frame))).toEqual(frame);
  });

  it('accepts an already-parsed frame object', () => {
    expect(parseWs2Frame(frame)).toEqual(frame);
  });

  it('ignores binary frames', () => {
    const bytes = new TextEncoder().encode(JSON.stringify(frame));
    expect(parseWs2Frame(bytes.buffer)).toBeNull();
    expect(parseWs2Frame(bytes)).toBeNull();
    expect(parseWs2Frame(Buffer.from(JSON.stringify(frame)))).toBeNull();
    expect(parseWs2Frame(new Blob([JSON.stringify(frame)]))).toBeNull();
  });

  it.each(['not json', '{', '', '42', 'null', '"text"', '[1,2]'])('ignores non-frame text %j', (text) => {
    expect(parseWs2Frame(text)).toBeNull();
  });

  it.each([
    { topic: 'dispatch/1', data: null, t: 'X' },
    { code: '0', topic: 'dispatch/1', data: null, t: 'X' },
    { code: 0, data: null, t: 'X' },
    { code: 0, topic: '', data: null, t: 'X' },
    { code: 0, topic: 'dispatch/1', data: null },
    { code: 0, topic: 'dispatch/1', data: null, t: 5 },
  ])('rejects a schema-invalid object %j', (obj) => {
    expect(parseWs2Frame(JSON.stringify(obj))).toBeNull();
    expect(parseWs2Frame(obj)).toBeNull();
  });
});

describe('keep-alive and close codes', () => {
  it('builds the ping frame the server answers with a pong', () => {
    expect(pingFrame()).toEqual({ code: 0, topic: PING_TOPIC, data: null, t: PING_KIND });
    expect([PING_TOPIC, PING_KIND, PONG_KIND]).toEqual(['sys/ping', 'Ping', 'Pong']);
  });

  it('carries 10000/10001 in application close codes 4000/4001', () => {
    expect(WS_CLOSE.AuthFailed).toBe(4000);
    expect(WS_CLOSE.LoggedInElsewhere).toBe(4001);
    expect(serverCodeForClose(4000)).toBe(ServerCode.AuthorizationFailed);
    expect(serverCodeForClose(4001)).toBe(ServerCode.LoggedInElsewhere);
    expect(serverCodeForClose(1006)).toBeNull();
  });
});
