// Raw VideoRoom publishers for the PTT-on-VideoRoom tests (issue 18): a publisher that joins and
// sends an SDP offer, without any WebRTC behind it. Janus answers and creates the feed's streams
// (moderate and rtp_forward work on them); ICE never completes, so listparticipants says
// publisher: false until Janus gives up on it.
import type { JanusJson } from '../src/media/janus-client';
import { SfuRooms } from '../src/media/sfu-rooms';
import type { TestJanus } from './janus-harness';

export const fingerprint = Array.from({ length: 32 }, (_, i) => (i + 16).toString(16).toUpperCase()).join(':');

/** An audio send-only offer as janus.js makes it for a microphone (mid 0), without candidates. */
export function audioOffer(mid = '0'): string {
  return [
    'v=0',
    'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    `a=group:BUNDLE ${mid}`,
    'a=msid-semantic: WMS *',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:Ab1c',
    'a=ice-pwd:abcdefghijklmnopqrstuvwx',
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    `a=mid:${mid}`,
    'a=sendonly',
    'a=rtcp-mux',
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'a=ssrc:11223344 cname:test',
    '',
  ].join('\r\n');
}

export function createSfu(j: TestJanus, watchIntervalMs = 200): SfuRooms {
  return new SfuRooms({ client: j.rooms.client, adminKey: j.process.adminKey, recordDir: j.recordDir, log: j.log, watchIntervalMs });
}

/** Long polls a raw session until an event matches (or `limitMs` passes). */
export async function pollUntil(j: TestJanus, session: number, match: (e: JanusJson) => boolean, limitMs = 5000): Promise<JanusJson> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${j.process.url}/${session}?maxev=10&apisecret=${encodeURIComponent(j.process.apiSecret)}`);
    const got = (await res.json()) as JanusJson | JanusJson[];
    for (const e of Array.isArray(got) ? got : [got]) if (match(e)) return e;
  }
  throw new Error('no such event in time');
}

/** A raw publisher in a room: joined as `u<uid>`, offer sent; resolves with its feed id and the answer. */
export async function rawPublisher(j: TestJanus, sfu: SfuRooms, room: string, uid: number): Promise<{ session: number; handle: number; feed: string; answer: string }> {
  const session = ((await j.raw.post('', { janus: 'create' })).data as { id: number }).id;
  const handle = ((await j.raw.post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data as { id: number }).id;
  await j.raw.post(`/${session}/${handle}`, { janus: 'message', body: { request: 'join', ptype: 'publisher', room, pin: sfu.roomPin(room), display: `u${uid}` } });
  const joined = await pollUntil(j, session, (e) => (e.plugindata as { data?: JanusJson } | undefined)?.data?.videoroom === 'joined');
  const feed = String((joined.plugindata as { data: { id: string } }).data.id);
  await j.raw.post(`/${session}/${handle}`, { janus: 'message', body: { request: 'configure', audio: true, video: false }, jsep: { type: 'offer', sdp: audioOffer() } });
  const configured = await pollUntil(j, session, (e) => e.jsep !== undefined);
  return { session, handle, feed, answer: String((configured.jsep as { sdp: string }).sdp) };
}
