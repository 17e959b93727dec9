import { CLIENT_ERROR_KEYS } from '@ptt/contracts';
import { inboundStatsOf, micErrorKey } from '../src';

describe('micErrorKey', () => {
  it.each([
    ['NotAllowedError', CLIENT_ERROR_KEYS.micPermissionDenied],
    ['SecurityError', CLIENT_ERROR_KEYS.micPermissionDenied],
    ['NotFoundError', CLIENT_ERROR_KEYS.micNotFound],
    ['OverconstrainedError', CLIENT_ERROR_KEYS.micNotFound],
    ['NotReadableError', CLIENT_ERROR_KEYS.micInUse],
    ['AbortError', CLIENT_ERROR_KEYS.micInUse],
  ])('maps %s to %s', (name, key) => {
    expect(micErrorKey(new DOMException('x', name))).toBe(key);
    expect(micErrorKey({ name })).toBe(key);
  });

  it('reads anything else as in use', () => {
    expect(micErrorKey(new Error('odd'))).toBe(CLIENT_ERROR_KEYS.micInUse);
    expect(micErrorKey('weird')).toBe(CLIENT_ERROR_KEYS.micInUse);
  });
});

describe('inboundStatsOf', () => {
  it('reads the audio inbound entry and the RTCP round trip, in ms', () => {
    const report = new Map<string, Record<string, unknown>>([
      ['v', { type: 'inbound-rtp', kind: 'video', packetsReceived: 999 }],
      ['a', { type: 'inbound-rtp', kind: 'audio', packetsReceived: 500, totalAudioEnergy: 1.5, jitterBufferDelay: 4800, jitterBufferEmittedCount: 96_000 }],
      ['r', { type: 'remote-inbound-rtp', kind: 'audio', roundTripTime: 0.012 }],
      ['p', { type: 'candidate-pair', nominated: true, currentRoundTripTime: 0.02 }],
    ]);
    const stats = inboundStatsOf(report);
    expect(stats.packetsReceived).toBe(500);
    expect(stats.totalAudioEnergy).toBe(1.5);
    expect(stats.jitterBufferMs).toBeCloseTo(50);
    expect(stats.roundTripMs).toBeCloseTo(12);
  });

  it('falls back to the candidate pair, and says null for what is unknown', () => {
    const stats = inboundStatsOf(new Map([['p', { type: 'candidate-pair', nominated: true, currentRoundTripTime: 0.02 }]]));
    expect(stats).toEqual({ packetsReceived: null, totalAudioEnergy: null, jitterBufferMs: null, roundTripMs: 20, playoutMs: null });
  });

  it("reads the playout delay from Chromium's media-playout entry", () => {
    const stats = inboundStatsOf(new Map([['m', { type: 'media-playout', kind: 'audio', totalPlayoutDelay: 960, totalSamplesCount: 48_000 }]]));
    expect(stats.playoutMs).toBeCloseTo(20);
  });
});
