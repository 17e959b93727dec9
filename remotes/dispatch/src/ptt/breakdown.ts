import type { AccessParts, MediaInfo, MouthToEar } from '@ptt/contracts';
import { percentile } from './slice';

// The figures of the diagnostics page's PTT card, part by part (issue 18).

/** The median of each part over the measured presses; a part no press measured stays null. */
export function medianParts(samples: readonly AccessParts[]): AccessParts {
  const median = (k: keyof AccessParts) => percentile(samples.flatMap((s) => (s[k] === null ? [] : [s[k]])), 0.5);
  return {
    beforeRequestMs: median('beforeRequestMs'),
    networkMs: median('networkMs'),
    serverMs: median('serverMs'),
    mediaServerMs: median('mediaServerMs'),
    renderMs: median('renderMs'),
  };
}

/** One Opus frame: the talker's browser sends a packet every 20 ms. */
export const OPUS_FRAME_MS = 20;
/** The AudioBridge holds 2 packets per participant before mixing (ADR 010), then mixes every 20 ms. */
export const MIXER_MS = 2 * OPUS_FRAME_MS + OPUS_FRAME_MS;

/**
 * Mouth to ear, part by part, for the path this server uses: forwarding (VideoRoom) adds nothing
 * of its own; mixing (AudioBridge) adds its prebuffer and mixing period. Network is half the media
 * round trip; the jitter buffer is this console's, measured.
 */
export function mouthToEarOf(media: MediaInfo | null, roundTripMs: number | null, jitterBufferMs: number | null, playoutMs: number | null = null): MouthToEar {
  const forwarded = media?.pttPath === 'sfu';
  const networkMs = roundTripMs === null ? null : roundTripMs / 2;
  const mediaServerMs = forwarded ? 0 : MIXER_MS;
  const totalMs = OPUS_FRAME_MS + mediaServerMs + (networkMs ?? 0) + (jitterBufferMs ?? 0) + (playoutMs ?? 0);
  return { packetMs: OPUS_FRAME_MS, networkMs, mediaServerMs, jitterBufferMs, playoutMs, totalMs: Math.round(totalMs) };
}
