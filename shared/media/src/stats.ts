import type { InboundStats } from './types';

type Entry = Record<string, unknown> & { type?: string; kind?: string; mediaType?: string };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The receive figures of one `RTCPeerConnection.getStats()` report: the audio inbound-rtp entry,
 * the round trip from remote-inbound-rtp (RTCP) or else the nominated candidate pair.
 */
export function inboundStatsOf(report: RTCStatsReport | Map<string, Entry>): InboundStats {
  const out: InboundStats = { packetsReceived: null, totalAudioEnergy: null, jitterBufferMs: null, roundTripMs: null };
  let pairRtt: number | null = null;
  report.forEach((value: unknown) => {
    const e = value as Entry;
    const audio = (e.kind ?? e.mediaType) === 'audio';
    if (e.type === 'inbound-rtp' && audio) {
      out.packetsReceived = num(e.packetsReceived);
      out.totalAudioEnergy = num(e.totalAudioEnergy);
      const delay = num(e.jitterBufferDelay);
      const emitted = num(e.jitterBufferEmittedCount);
      if (delay !== null && emitted) out.jitterBufferMs = (delay / emitted) * 1000;
    } else if (e.type === 'remote-inbound-rtp' && audio) {
      const rtt = num(e.roundTripTime);
      if (rtt !== null) out.roundTripMs = rtt * 1000;
    } else if (e.type === 'candidate-pair' && (e.nominated === true || e.state === 'succeeded')) {
      const rtt = num(e.currentRoundTripTime);
      if (rtt !== null) pairRtt = rtt * 1000;
    }
  });
  out.roundTripMs ??= pairRtt;
  return out;
}
