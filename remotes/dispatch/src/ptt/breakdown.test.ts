import type { MediaInfo } from '@ptt/contracts';
import { MIXER_MS, OPUS_FRAME_MS, medianParts, mouthToEarOf } from './breakdown';
import { accessPartsOf } from './floorTiming';

const entry = (start: number, end: number, timing: Record<string, number>) =>
  ({ name: 'http://x/api/ptt/floor', startTime: start, responseEnd: end, serverTiming: Object.entries(timing).map(([name, duration]) => ({ name, duration })) }) as unknown as PerformanceResourceTiming;

describe('PTT figures part by part', () => {
  it("splits a press's access time from the floor request's timing and the server's Server-Timing", () => {
    expect(accessPartsOf(100, 160, entry(103, 140, { floor: 12, media: 4 }))).toEqual({
      beforeRequestMs: 3,
      networkMs: 25,
      serverMs: 12,
      mediaServerMs: 4,
      renderMs: 20,
    });
    // Without Server-Timing the network and server cannot be told apart.
    expect(accessPartsOf(100, 160, entry(103, 140, {}))).toMatchObject({ networkMs: null, serverMs: null, mediaServerMs: null, renderMs: 20 });
    // A request from before this press, or one that ended after "talking" showed, is not this press's.
    expect(accessPartsOf(100, 160, entry(90, 140, { floor: 1 }))).toBeNull();
    expect(accessPartsOf(100, 130, entry(103, 140, { floor: 1 }))).toBeNull();
    expect(accessPartsOf(100, 160, null)).toBeNull();
  });

  it('takes the median of each part, skipping presses that did not measure it', () => {
    const parts = [1, 2, 30].map((n) => ({ beforeRequestMs: n, networkMs: n * 2, serverMs: null, mediaServerMs: n, renderMs: n }));
    expect(medianParts(parts)).toEqual({ beforeRequestMs: 2, networkMs: 4, serverMs: null, mediaServerMs: 2, renderMs: 2 });
  });

  it('adds what each path costs to mouth to ear: nothing for forwarding, prebuffer and mixing for the mixer', () => {
    const sfu = mouthToEarOf({ pttPath: 'sfu' } as MediaInfo, 10, 14);
    expect(sfu).toEqual({ packetMs: OPUS_FRAME_MS, networkMs: 5, mediaServerMs: 0, jitterBufferMs: 14, playoutMs: null, totalMs: 39 });
    const mix = mouthToEarOf({ pttPath: 'mix' } as MediaInfo, 10, 70, 12);
    expect(mix).toEqual({ packetMs: OPUS_FRAME_MS, networkMs: 5, mediaServerMs: MIXER_MS, jitterBufferMs: 70, playoutMs: 12, totalMs: 167 });
    // Before the first stats only the fixed parts are known.
    expect(mouthToEarOf(null, null, null).totalMs).toBe(OPUS_FRAME_MS + MIXER_MS);
  });
});
