import type { ProxyRefusal } from '../src/media/janus-proxy-filter';
import { audioMids, filterPttVideoRoomMessage, isPttJoin } from '../src/media/ptt-videoroom-filter';

// The PTT VideoRoom whitelist without Janus (the proxy test runs it against the real one).

const CH = '100001-1-3';
const code = (body: unknown, role: 'publisher' | 'subscriber' | null): number => {
  try {
    filterPttVideoRoomMessage(body, role);
    return 0;
  } catch (err) {
    return (err as ProxyRefusal).code;
  }
};

describe('PTT VideoRoom filter', () => {
  it('tells PTT joins from monitor joins', () => {
    expect(isPttJoin({ request: 'join', ptype: 'publisher', chatId: CH })).toBe(true);
    expect(isPttJoin({ request: 'join', ptype: 'publisher', chatId: '100001-2-9' })).toBe(true);
    expect(isPttJoin({ request: 'join', ptype: 'subscriber', chatId: '100001-4-9' })).toBe(false);
    expect(isPttJoin({ request: 'join', ptype: 'publisher', chatId: '100001-3-9' })).toBe(false);
    expect(isPttJoin({ request: 'configure' })).toBe(false);
  });

  it('lets each role do its own few things, with no extra fields', () => {
    expect(filterPttVideoRoomMessage({ request: 'join', ptype: 'subscriber', chatId: CH, streams: [{ feed: 'a', mid: '0' }] }, null)).toEqual({
      kind: 'subscriberJoin',
      chatId: CH,
      streams: [{ feed: 'a', mid: '0' }],
    });
    expect(code({ request: 'configure', audio: true, video: false }, 'publisher')).toBe(0);
    expect(code({ request: 'publish', audio: true }, 'publisher')).toBe(0);
    expect(code({ request: 'unpublish' }, 'publisher')).toBe(0);
    expect(code({ request: 'configure', audio: true, bitrate: 1 }, 'publisher')).toBe(403);
    expect(code({ request: 'configure', audio: true, keyframe: true }, 'publisher')).toBe(403);
    expect(code({ request: 'configure', video: true }, 'publisher')).toBe(467);
    expect(code({ request: 'update', subscribe: [{ feed: 'b' }], unsubscribe: [{ feed: 'a' }] }, 'subscriber')).toBe(0);
    expect(code({ request: 'unsubscribe', streams: [{ feed: 'a' }] }, 'subscriber')).toBe(0);
    expect(code({ request: 'configure', streams: [{ mid: '0', send: true }] }, 'subscriber')).toBe(403);
    expect(code({ request: 'subscribe', streams: [] }, 'subscriber')).toBe(467);
    expect(code({ request: 'start' }, 'publisher')).toBe(403);
    expect(code({ request: 'unpublish' }, 'subscriber')).toBe(403);
    expect(code({ request: 'leave' }, null)).toBe(403);
    expect(code({}, 'publisher')).toBe(456);
  });

  it('finds the mids of the audio m-lines an answer accepts', () => {
    const sdp = ['v=0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', 'm=video 0 UDP/TLS/RTP/SAVPF 96', 'a=mid:1', 'm=audio 0 UDP/TLS/RTP/SAVPF 111', 'a=mid:2', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:a3', ''].join('\r\n');
    expect(audioMids(sdp)).toEqual(['0', 'a3']);
    expect(audioMids('v=0\r\n')).toEqual([]);
  });
});
