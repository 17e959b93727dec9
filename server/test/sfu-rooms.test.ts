import type { JanusJson } from '../src/media/janus-client';
import type { SfuRooms } from '../src/media/sfu-rooms';
import { audioMids } from '../src/media/ptt-videoroom-filter';
import { startTestJanus, type TestJanus } from './janus-harness';
import { createSfu, pollUntil, rawPublisher } from './sfu-harness';

// PTT rooms on the Janus VideoRoom (issue 18), against the real Janus: audio-only rooms big enough
// for a channel, the floor as moderation of every publisher's audio mids, the watchdog, and the
// burst recording's forwarding.

let j: TestJanus;
let sfu: SfuRooms;
const calls: JanusJson[] = [];
const moderations = () => calls.filter((c) => c.request === 'moderate').map((c) => ({ id: c.id, mid: c.mid, mute: c.mute }));

beforeAll(async () => {
  j = await startTestJanus();
  sfu = createSfu(j);
  const request = sfu.admin.request.bind(sfu.admin);
  sfu.admin.request = (body) => {
    calls.push(body);
    return request(body);
  };
});
afterAll(async () => {
  await sfu?.close();
  await j?.close();
});
beforeEach(() => {
  calls.length = 0;
});

const roomInfo = async (room: string) => {
  const list = await sfu.admin.request({ request: 'list', admin_key: j.process.adminKey });
  return (list.list as JanusJson[]).find((r) => r.room === room);
};

describe('SfuRooms', () => {
  it('makes an audio-only room per chat id with room for a channel, private, unrecorded; once', async () => {
    const room = '100001-1-71';
    await Promise.all([sfu.ensureRoom(room), sfu.ensureRoom(room)]);
    expect(calls.filter((c) => c.request === 'create')).toHaveLength(1);
    expect(await roomInfo(room)).toMatchObject({ max_publishers: 500, audiocodec: 'opus', opus_fec: true, is_private: true, pin_required: true, record: false, lock_record: true });
    // Another node (or this one after a restart) finds it made with the same secret and pin.
    const other = createSfu(j);
    await expect(other.ensureRoom(room)).resolves.toBeUndefined();
    await other.close();
    await expect(sfu.ensureRoom('no room/../x')).rejects.toThrow(/invalid chat id/);
  });

  it('moderates a new publisher before it is heard: muted, unless it holds the floor', async () => {
    const room = '100001-1-72';
    await sfu.ensureRoom(room);
    const a = await rawPublisher(j, sfu, room, 5);
    expect(audioMids(a.answer)).toEqual(['0']);
    await sfu.admitPublisher(room, a.feed, 5, ['0']);
    expect(moderations()).toEqual([{ id: a.feed, mid: '0', mute: true }]);
    await pollUntil(j, a.session, (e) => (e.plugindata as { data?: JanusJson } | undefined)?.data?.moderation === 'muted');

    await sfu.setSpeaker(room, 6);
    calls.length = 0;
    const b = await rawPublisher(j, sfu, room, 6);
    await sfu.admitPublisher(room, b.feed, 6, ['0']);
    expect(moderations()).toEqual([{ id: b.feed, mid: '0', mute: false }]);
  });

  it('gives the floor by moderation: the holder’s feeds unmuted, everyone else muted, null mutes all', async () => {
    const room = '100001-1-73';
    await sfu.ensureRoom(room);
    const a = await rawPublisher(j, sfu, room, 5);
    const b = await rawPublisher(j, sfu, room, 6);
    await sfu.admitPublisher(room, a.feed, 5, ['0']);
    await sfu.admitPublisher(room, b.feed, 6, ['0']);
    calls.length = 0;

    await sfu.setSpeaker(room, 5);
    // Already muted feeds are not asked again; the holder's known feed goes first, beside the listing.
    expect(calls.map((c) => c.request)).toEqual(['moderate', 'listparticipants']);
    expect(moderations()).toEqual([{ id: a.feed, mid: '0', mute: false }]);
    await pollUntil(j, b.session, (e) => {
      const d = (e.plugindata as { data?: JanusJson } | undefined)?.data;
      return d?.moderation === 'unmuted' && d.id === a.feed;
    });

    calls.length = 0;
    await sfu.setSpeaker(room, 6);
    expect(moderations()).toEqual(expect.arrayContaining([{ id: a.feed, mid: '0', mute: true }, { id: b.feed, mid: '0', mute: false }]));
    expect(moderations()).toHaveLength(2);

    calls.length = 0;
    await sfu.setSpeaker(room, null);
    expect(moderations()).toEqual([{ id: b.feed, mid: '0', mute: true }]);
  });

  it('forgets feeds that left; a feed gone meanwhile is no error', async () => {
    const room = '100001-1-74';
    await sfu.ensureRoom(room);
    const a = await rawPublisher(j, sfu, room, 5);
    await sfu.admitPublisher(room, a.feed, 5, ['0']);
    await j.raw.post(`/${a.session}`, { janus: 'destroy' });
    calls.length = 0;
    await expect(sfu.setSpeaker(room, 5)).resolves.toBeUndefined();
    expect((await sfu.listFeeds(room)).size).toBe(0);
  });

  it('watchdog: mutes a publisher heard without the floor', async () => {
    const room = '100001-1-75';
    await sfu.ensureRoom(room);
    await sfu.setSpeaker(room, 6);
    const b = await rawPublisher(j, sfu, room, 6);
    await sfu.admitPublisher(room, b.feed, 6, ['0']);
    calls.length = 0;
    // The floor moved on without this node hearing of it (another node released it).
    const stop = sfu.watch((chatIds) => Promise.resolve(new Map(chatIds.filter((c) => c === room).map((c) => [c, 5]))));
    try {
      await pollUntil(j, b.session, (e) => (e.plugindata as { data?: JanusJson } | undefined)?.data?.moderation === 'muted');
      // (Other rooms of this file have no holder in this lookup: their unmuted feeds are muted too.)
      expect(moderations()).toContainEqual({ id: b.feed, mid: '0', mute: true });
      expect(j.log.lines.some((l) => l.msg.includes('PTT watchdog muted a publisher'))).toBe(true);
    } finally {
      stop();
    }
  });

  it('records a burst by forwarding the holder’s audio to a port of its own, and stops it', async () => {
    const room = '100001-1-76';
    await sfu.ensureRoom(room);
    const a = await rawPublisher(j, sfu, room, 5);
    await sfu.admitPublisher(room, a.feed, 5, ['0']);
    await sfu.setSpeaker(room, 5);
    calls.length = 0;
    await sfu.startRecording(room, 'burst1');
    const fw = calls.find((c) => c.request === 'rtp_forward')!;
    expect(fw).toMatchObject({ room, publisher_id: a.feed, host: '127.0.0.1', streams: [{ mid: '0', port: expect.any(Number) as number }] });
    const listed = await sfu.admin.request({ request: 'listforwarders', room, secret: (fw as { secret: string }).secret });
    expect(JSON.stringify(listed)).toContain(String((fw.streams as { port: number }[])[0]!.port));
    // No WebRTC behind this publisher: nothing was forwarded, so there is no recording.
    expect(await sfu.stopRecording(room, 'burst1')).toBeNull();
    expect(calls.some((c) => c.request === 'stop_rtp_forward' && c.publisher_id === a.feed)).toBe(true);
    // A stop of another burst leaves things alone.
    expect(await sfu.stopRecording(room, 'other')).toBeNull();
  });

  it('destroys a room; a room that is not there is no error', async () => {
    const room = '100001-2-9';
    await sfu.ensureRoom(room);
    await sfu.destroyRoom(room);
    expect(await roomInfo(room)).toBeUndefined();
    await expect(sfu.destroyRoom(room)).resolves.toBeUndefined();
  });
});
