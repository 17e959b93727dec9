import type { JanusCheck } from '@ptt/contracts';
import type { MediaRooms } from '../media/media-rooms';
import { probeJanus } from './janus-probe';

/** How long one Janus probe's answer serves every caller. */
export const JANUS_CHECK_REUSE_MS = 3_000;

/**
 * The /main/test page's Janus check. Every role may run it: many consoles pressing "Run again"
 * share one probe at a time and its answer for a few seconds, so nobody can make the server
 * hammer Janus.
 */
export class JanusChecker {
  private shared: { at: number; answer: Promise<JanusCheck> } | null = null;

  constructor(
    private readonly media: MediaRooms,
    /** JANUS_URL from the config: the probe's target when PTT has no Janus of its own. */
    private readonly configuredUrl: string | undefined,
  ) {}

  check(): Promise<JanusCheck> {
    const now = Date.now();
    // The Janus PTT uses (started by the server, or external) first; JANUS_URL alone otherwise.
    // `info` needs no API secret. Read per probe: a restarted Janus may listen on another port.
    const url = this.media.janusUrl ?? this.configuredUrl;
    if (!this.shared || now - this.shared.at > JANUS_CHECK_REUSE_MS) this.shared = { at: now, answer: probeJanus(url) };
    return this.shared.answer;
  }
}
