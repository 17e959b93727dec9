import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger';

// The server's own line to Janus's HTTP API: one session with one AudioBridge handle for room
// management, kept alive, and recreated when Janus forgot it (time-out or restart). The proxy
// forwards clients' requests through `post` and `longPoll`, which add the API secret.

export type JanusJson = Record<string, unknown>;

/** Janus refused a request at its own level (`janus: 'error'`), e.g. 458 no such session. */
export class JanusApiError extends Error {
  override name = 'JanusApiError';
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus error ${code}: ${reason}`);
  }
}

/** The AudioBridge refused a request (its `error_code`), e.g. 485 no such room. */
export class AudioBridgeError extends Error {
  override name = 'AudioBridgeError';
  constructor(
    readonly code: number,
    reason: string,
    readonly request: string,
  ) {
    super(`AudioBridge ${request}: ${code} ${reason}`);
  }
}

/** Janus did not answer: refused connection, time-out, or an answer that is not Janus JSON. */
export class JanusUnreachableError extends Error {
  override name = 'JanusUnreachableError';
}

export const AudioBridgeCode = { NoSuchRoom: 485, RoomExists: 486, Unauthorized: 489, NoSuchUser: 492 } as const;
export const JanusCode = { SessionNotFound: 458, HandleNotFound: 459 } as const;

export interface JanusClientOptions {
  /** The HTTP API base, e.g. http://127.0.0.1:8088/janus; a function when it can move (restart). */
  url: string | (() => string);
  apiSecret: string;
  log: Logger;
  /** Per request (default 5 s); long polls have their own limit. */
  timeoutMs?: number;
  keepaliveMs?: number;
}

const LONG_POLL_LIMIT_MS = 65_000;

export const transactionId = (): string => randomBytes(9).toString('base64url');

export class JanusClient {
  private handle: Promise<{ session: number; handle: number }> | null = null;
  private readonly keepalive: NodeJS.Timeout;
  private readonly resetListeners: (() => void)[] = [];
  private closed = false;
  private sessionsCreated = 0;

  constructor(private readonly opts: JanusClientOptions) {
    this.keepalive = setInterval(() => void this.sendKeepalive(), opts.keepaliveMs ?? 25_000);
    this.keepalive.unref();
  }

  get url(): string {
    return typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url;
  }

  /** Called when the server's session had to be recreated: rooms may be gone with the old Janus. */
  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /**
   * One Janus API request (`path` is '', '/<session>' or '/<session>/<handle>') with the API secret
   * and a transaction added. Janus's answer comes back as it is, errors included.
   */
  async post(path: string, body: JanusJson, signal?: AbortSignal): Promise<JanusJson> {
    const payload = { transaction: transactionId(), ...body, apisecret: this.opts.apiSecret };
    return this.fetchJson(`${this.url}${path}`, { method: 'POST', body: JSON.stringify(payload) }, signal, this.opts.timeoutMs ?? 5_000);
  }

  /** A session's long poll: an array of up to `maxev` events, or a keepalive after 30 s. */
  async longPoll(session: string, maxev: number, signal?: AbortSignal): Promise<unknown> {
    const q = new URLSearchParams({ maxev: String(maxev), apisecret: this.opts.apiSecret });
    return this.fetchJson(`${this.url}/${session}?${q.toString()}`, { method: 'GET' }, signal, LONG_POLL_LIMIT_MS);
  }

  private async fetchJson(url: string, init: RequestInit, signal: AbortSignal | undefined, limitMs: number): Promise<JanusJson> {
    const timeout = AbortSignal.timeout(limitMs);
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      return (await res.json()) as JanusJson;
    } catch (err) {
      if (signal?.aborted) throw err;
      const e = err as { name?: string; message?: string; cause?: { code?: string } };
      const why = e.name === 'TimeoutError' ? `no answer within ${limitMs} ms` : (e.cause?.code ?? e.message ?? String(err));
      throw new JanusUnreachableError(`Janus at ${this.url} did not answer: ${why}`);
    }
  }

  /**
   * A synchronous AudioBridge request on the server's handle: the plugin's data, or an
   * AudioBridgeError. A session Janus no longer knows is recreated once.
   */
  async audiobridge(body: JanusJson): Promise<JanusJson> {
    for (let attempt = 1; ; attempt++) {
      const { session, handle } = await this.ensureHandle();
      const answer = await this.post(`/${session}/${handle}`, { janus: 'message', body }).catch((err: unknown) => {
        this.dropHandle();
        throw err;
      });
      if (answer.janus === 'error') {
        const error = (answer.error ?? {}) as { code?: number; reason?: string };
        const code = error.code ?? 0;
        if (attempt === 1 && (code === JanusCode.SessionNotFound || code === JanusCode.HandleNotFound)) {
          this.dropHandle();
          continue;
        }
        throw new JanusApiError(code, error.reason ?? 'unknown error');
      }
      const data: JanusJson = (answer.plugindata as { data?: JanusJson } | undefined)?.data ?? {};
      if (typeof data.error_code === 'number') {
        throw new AudioBridgeError(data.error_code, typeof data.error === 'string' ? data.error : '', String(body.request));
      }
      return data;
    }
  }

  private ensureHandle(): Promise<{ session: number; handle: number }> {
    if (this.closed) return Promise.reject(new JanusUnreachableError('the Janus client is closed'));
    if (!this.handle) {
      const created = this.createHandle();
      this.handle = created;
      created.then(
        () => {
          if (this.sessionsCreated++ > 0) for (const l of this.resetListeners) l();
        },
        () => {
          if (this.handle === created) this.handle = null;
        },
      );
    }
    return this.handle;
  }

  private async createHandle(): Promise<{ session: number; handle: number }> {
    const created = await this.post('', { janus: 'create' });
    const session = (created.data as { id?: number } | undefined)?.id;
    if (created.janus !== 'success' || typeof session !== 'number') throw this.unexpected('create', created);
    const attached = await this.post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.audiobridge' });
    const handle = (attached.data as { id?: number } | undefined)?.id;
    if (attached.janus !== 'success' || typeof handle !== 'number') throw this.unexpected('attach', attached);
    return { session, handle };
  }

  private unexpected(what: string, answer: JanusJson): Error {
    const error = answer.error as { code?: number; reason?: string } | undefined;
    return error ? new JanusApiError(error.code ?? 0, `${what}: ${error.reason ?? ''}`) : new JanusUnreachableError(`Janus answered ${what} with ${JSON.stringify(answer)}`);
  }

  /** Forget the session: the next request creates a new one (and tells the listeners). */
  dropHandle(): void {
    this.handle = null;
  }

  private async sendKeepalive(): Promise<void> {
    const current = this.handle;
    if (!current) return;
    try {
      const { session } = await current;
      const answer = await this.post(`/${session}`, { janus: 'keepalive' });
      if (answer.janus === 'error' && this.handle === current) this.dropHandle();
    } catch (err) {
      if (this.handle === current) this.dropHandle();
      this.opts.log.warn({ err }, 'Janus keepalive failed');
    }
  }

  /** Stops the keepalive and destroys the server's session (best effort). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.keepalive);
    const current = this.handle;
    this.handle = null;
    if (!current) return;
    try {
      const { session } = await current;
      await this.post(`/${session}`, { janus: 'destroy' });
    } catch {
      // Janus is going away too, or already gone.
    }
  }
}
