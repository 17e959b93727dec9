import { JanusApiError, JanusCode, type JanusClient, type JanusJson } from './janus-client';
import type { Logger } from '../logger';

// The server's own VideoRoom handle (monitor rooms: create, destroy, list publishers, kick), on a
// Janus session of its own next to JanusClient's AudioBridge one. Requests go through the client's
// `post`, which adds the API secret. A session Janus forgot (time-out, restart) is recreated once,
// and the listeners hear that rooms made earlier may be gone.

export const VIDEOROOM = 'janus.plugin.videoroom';

/** The VideoRoom refused a request (its `error_code`), e.g. 426 no such room. */
export class VideoRoomError extends Error {
  override name = 'VideoRoomError';
  constructor(
    readonly code: number,
    reason: string,
    readonly request: string,
  ) {
    super(`VideoRoom ${request}: ${code} ${reason}`);
  }
}

export const VideoRoomCode = { NoSuchRoom: 426, NoSuchFeed: 428, RoomExists: 427, Unauthorized: 433 } as const;

export class VideoRoomAdmin {
  private handle: Promise<{ session: number; handle: number }> | null = null;
  private keepalive: NodeJS.Timeout | null = null;
  private sessions = 0;
  private readonly resetListeners: (() => void)[] = [];

  constructor(
    private readonly client: JanusClient,
    private readonly log: Logger,
    private readonly keepaliveMs = 25_000,
  ) {}

  /** Called when the session had to be recreated: Janus may have lost every room. */
  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /** One synchronous VideoRoom request: the plugin's data, or a VideoRoomError / JanusApiError. */
  async request(body: JanusJson): Promise<JanusJson> {
    for (let attempt = 1; ; attempt++) {
      const { session, handle } = await this.ensureHandle();
      const answer = await this.client.post(`/${session}/${handle}`, { janus: 'message', body }).catch((err: unknown) => {
        this.handle = null;
        throw err;
      });
      if (answer.janus === 'error') {
        const error = (answer.error ?? {}) as { code?: number; reason?: string };
        const code = error.code ?? 0;
        if (attempt === 1 && (code === JanusCode.SessionNotFound || code === JanusCode.HandleNotFound)) {
          this.handle = null;
          continue;
        }
        throw new JanusApiError(code, error.reason ?? 'unknown error');
      }
      const data: JanusJson = (answer.plugindata as { data?: JanusJson } | undefined)?.data ?? {};
      if (typeof data.error_code === 'number') {
        throw new VideoRoomError(data.error_code, typeof data.error === 'string' ? data.error : '', String(body.request));
      }
      return data;
    }
  }

  private ensureHandle(): Promise<{ session: number; handle: number }> {
    if (!this.handle) {
      const created = this.createHandle();
      this.handle = created;
      created.then(
        () => {
          if (this.sessions++ > 0) for (const l of this.resetListeners) l();
          this.startKeepalive();
        },
        () => {
          if (this.handle === created) this.handle = null;
        },
      );
    }
    return this.handle;
  }

  private async createHandle(): Promise<{ session: number; handle: number }> {
    const created = await this.client.post('', { janus: 'create' });
    const session = (created.data as { id?: number } | undefined)?.id;
    if (created.janus !== 'success' || typeof session !== 'number') throw new JanusApiError(0, `create answered ${JSON.stringify(created)}`);
    const attached = await this.client.post(`/${session}`, { janus: 'attach', plugin: VIDEOROOM });
    const handle = (attached.data as { id?: number } | undefined)?.id;
    if (attached.janus !== 'success' || typeof handle !== 'number') throw new JanusApiError(0, `attach answered ${JSON.stringify(attached)}`);
    return { session, handle };
  }

  private startKeepalive(): void {
    if (this.keepalive) return;
    this.keepalive = setInterval(() => void this.sendKeepalive(), this.keepaliveMs);
    this.keepalive.unref();
  }

  private async sendKeepalive(): Promise<void> {
    const current = this.handle;
    if (!current) return;
    try {
      const { session } = await current;
      const answer = await this.client.post(`/${session}`, { janus: 'keepalive' });
      if (answer.janus === 'error' && this.handle === current) this.handle = null;
    } catch (err) {
      if (this.handle === current) this.handle = null;
      this.log.warn({ err }, 'Janus VideoRoom keepalive failed');
    }
  }

  /** Stops the keepalive and destroys the session (best effort); a later request starts over. */
  async close(): Promise<void> {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
    const current = this.handle;
    this.handle = null;
    this.sessions = 0;
    if (!current) return;
    try {
      const { session } = await current;
      await this.client.post(`/${session}`, { janus: 'destroy' });
    } catch {
      // Janus is going away too, or already gone.
    }
  }
}
