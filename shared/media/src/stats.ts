import type { InboundStats } from './types';

type Entry = Record<string, unknown> & { type?: string; kind?: string; mediaType?: string };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const add = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);

/**
 * The receive figures of one `RTCPeerConnection.getStats()` report: the audio inbound-rtp entries,
 * the round trip from remote-inbound-rtp (RTCP) or else the nominated candidate pair.
 */
export function inboundStatsOf(report: RTCStatsReport | Map<string, Entry>): InboundStats {
  const out: InboundStats = { packetsReceived: null, totalAudioEnergy: null, jitterBufferMs: null, roundTripMs: null, playoutMs: null };
  let pairRtt: number | null = null;
  let jbDelay = 0;
  let jbEmitted = 0;
  report.forEach((value: unknown) => {
    const e = value as Entry;
    const audio = (e.kind ?? e.mediaType) === 'audio';
    if (e.type === 'inbound-rtp' && audio) {
      // An SFU room has one inbound stream per talker: the figures are their sums.
      out.packetsReceived = add(out.packetsReceived, num(e.packetsReceived));
      out.totalAudioEnergy = add(out.totalAudioEnergy, num(e.totalAudioEnergy));
      const delay = num(e.jitterBufferDelay);
      const emitted = num(e.jitterBufferEmittedCount);
      if (delay !== null && emitted) {
        jbDelay += delay;
        jbEmitted += emitted;
      }
    } else if (e.type === 'media-playout') {
      // Chromium's RTCAudioPlayoutStats: from the jitter buffer's output to the audio device.
      const delay = num(e.totalPlayoutDelay);
      const samples = num(e.totalSamplesCount);
      if (delay !== null && samples) out.playoutMs = (delay / samples) * 1000;
    } else if (e.type === 'remote-inbound-rtp' && audio) {
      const rtt = num(e.roundTripTime);
      if (rtt !== null) out.roundTripMs = rtt * 1000;
    } else if (e.type === 'candidate-pair' && (e.nominated === true || e.state === 'succeeded')) {
      const rtt = num(e.currentRoundTripTime);
      if (rtt !== null) pairRtt = rtt * 1000;
    }
  });
  if (jbEmitted) out.jitterBufferMs = (jbDelay / jbEmitted) * 1000;
  out.roundTripMs ??= pairRtt;
  return out;
}
