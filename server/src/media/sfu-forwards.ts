import type { Logger } from '../logger';
import { feedMids, gone, type Feed } from './sfu-feed';
import type { VideoRoomAdmin } from './videoroom-admin';

// Janus `rtp_forward`s of publishers' audio to a UDP port of this server: a burst's recorder
// (sfu-recordings.ts) or a carry's relay (sfu-carries.ts) listens there.

/** One forwarder Janus made: what stop_rtp_forward needs. */
export interface Forward {
  feed: string;
  streamId: number;
}

export interface SfuForwardsOptions {
  admin: VideoRoomAdmin;
  /** lock_rtp_forward: every forward request needs the plugin's admin_key. */
  adminKey: string;
  /** A local address of this server (JANUS_RTP_FORWARD_HOST): where Janus sends and where we listen. */
  host: string;
  secret(chatId: string): string;
  log: Logger;
}

export class SfuForwards {
  constructor(private readonly opts: SfuForwardsOptions) {}

  get host(): string {
    return this.opts.host;
  }

  /** Forwards these feeds' audio to `port` of this server; the forwarders made. */
  async start(chatId: string, feeds: [string, Feed][], port: number): Promise<Forward[]> {
    const out: Forward[] = [];
    for (const [id, f] of feeds) {
      try {
        const data = await this.opts.admin.request({
          request: 'rtp_forward',
          room: chatId,
          publisher_id: id,
          host: this.opts.host,
          secret: this.opts.secret(chatId),
          admin_key: this.opts.adminKey,
          streams: feedMids(f).map((mid) => ({ mid, port })),
        });
        const forwarders = (Array.isArray(data.forwarders) ? data.forwarders : []) as { stream_id?: number }[];
        for (const fw of forwarders) if (typeof fw.stream_id === 'number') out.push({ feed: id, streamId: fw.stream_id });
      } catch (err) {
        if (!gone(err)) throw err;
      }
    }
    return out;
  }

  /** Stops them; a failure is logged, not thrown: the caller is ending the recording or carry anyway. */
  async stop(chatId: string, forwards: Forward[]): Promise<void> {
    await Promise.all(
      forwards.map((fw) =>
        this.opts.admin
          .request({ request: 'stop_rtp_forward', room: chatId, publisher_id: fw.feed, stream_id: fw.streamId, secret: this.opts.secret(chatId), admin_key: this.opts.adminKey })
          .catch((err: unknown) => {
            if (!gone(err)) this.opts.log.warn({ err, room: chatId }, 'PTT recording: stop_rtp_forward failed');
          }),
      ),
    );
  }
}
