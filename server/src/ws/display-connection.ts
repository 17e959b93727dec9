import type { RawData, WebSocket } from 'ws';
import {
  AUTH_FAILED_KIND,
  AUTH_TOPIC,
  LOCATION_KIND,
  LOCATIONS_KIND,
  PING_TOPIC,
  SOS_MSG_KIND,
  ServerCode,
  WS_CLOSE,
  parseWs2Frame,
  pongFrame,
  topics,
  type Ws2Frame,
} from '@ptt/contracts';
import type { Logger } from '../logger';
import { MAX_INBOUND_FRAME_BYTES, sendGuarded } from './connection';
import type { Hub } from './hub';
import { DISPLAY_SEEN_EVERY_MS, type DisplayCredential, type ScreenLink } from './screen-link';

export interface DisplayConnectionDeps {
  hub: Hub;
  screen: ScreenLink;
  log: Logger;
}

/** Where the gateway keeps display sockets by their credential's digest, for revocation. */
export interface DisplayRegistry {
  add(tokenHash: string, conn: DisplayConnection): void;
  remove(tokenHash: string, conn: DisplayConnection): void;
}

/** What a display hears besides the screen topic: positions from dispatch, and SOS and presence
 *  from the enterprise topic (ADR 026). Device changes, command states, geofence alerts (the screen
 *  topic has them as ScreenAlert), chat and user administration stay with the consoles. */
const DISPATCH_KINDS = new Set<string>([LOCATION_KIND, LOCATIONS_KIND]);
const ENT_KINDS = new Set<string>([SOS_MSG_KIND, 'OnLine', 'Logout']);

/**
 * A paired wall display's /ws2 socket (ADR 026): read-only. It subscribes to `screen/{entId}` and,
 * filtered by kind, to `dispatch/{entId}` and `msg/listen/ent/{entId}`; every frame it sends but a
 * ping is ignored; it is never in presence. Its `last_seen_at` is stamped when it opens and every
 * minute while it stays open. Revoking the display closes it (4000) on whichever node it is.
 */
export class DisplayConnection {
  credential: DisplayCredential | null = null;
  private readonly subscriptions: (() => void)[] = [];
  private seenTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Pings that came while the credential was being checked, answered once it is. */
  private earlyPings = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: DisplayConnectionDeps,
    private readonly registry: DisplayRegistry,
  ) {
    // Before any await: a ping sent at once is answered once the credential is known.
    socket.on('message', (data, isBinary) => {
      if (!isBinary) this.handle(data);
    });
    socket.on('close', () => this.onClose());
  }

  async start(token: string): Promise<void> {
    let credential: DisplayCredential | null;
    try {
      credential = await this.deps.screen.findDisplay(token);
    } catch (err) {
      this.deps.log.error({ err }, '/ws2 display authentication failed unexpectedly');
      this.socket.close(1011, 'server error');
      return;
    }
    if (this.closed) return;
    if (!credential) {
      this.revoke();
      return;
    }
    this.credential = credential;
    this.registry.add(credential.tokenHash, this);
    const { entId } = credential;
    this.subscriptions.push(this.deps.hub.subscribe(topics.screen(entId), (_f, text) => this.send(text)));
    this.subscriptions.push(this.filtered(topics.dispatch(entId), DISPATCH_KINDS));
    this.subscriptions.push(this.filtered(topics.entListen(entId), ENT_KINDS));
    this.subscriptions.push(this.deps.screen.addScreenSocket(entId, (text) => this.send(text)));
    this.stampSeen();
    this.seenTimer = setInterval(() => this.stampSeen(), DISPLAY_SEEN_EVERY_MS);
    this.seenTimer.unref();
    for (; this.earlyPings > 0; this.earlyPings--) this.send(JSON.stringify(pongFrame()));
  }

  /** The credential was revoked (or never was one): one 10000 frame, then close 4000. */
  revoke(): void {
    const frame: Ws2Frame = { code: ServerCode.AuthorizationFailed, topic: AUTH_TOPIC, data: null, t: AUTH_FAILED_KIND };
    this.send(JSON.stringify(frame));
    this.socket.close(WS_CLOSE.AuthFailed, AUTH_FAILED_KIND);
  }

  private filtered(topic: string, kinds: ReadonlySet<string>): () => void {
    return this.deps.hub.subscribe(topic, (frame, text) => {
      if (kinds.has(frame.t)) this.send(text);
    });
  }

  private stampSeen(): void {
    const id = this.credential?.displayId;
    if (id === undefined) return;
    this.deps.screen.seen(id).catch((err: unknown) => this.deps.log.error({ err, displayId: id }, 'display last seen could not be stamped'));
  }

  private send(text: string): void {
    sendGuarded(this.socket, text);
  }

  /** Only pings are answered; anything else a display sends is ignored (never an error, never a close). */
  private handle(data: RawData): void {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (buf.length > MAX_INBOUND_FRAME_BYTES) return;
    const frame = parseWs2Frame(buf.toString('utf8'));
    if (frame?.topic !== PING_TOPIC) return;
    if (this.credential) this.send(JSON.stringify(pongFrame()));
    else if (this.earlyPings < 10) this.earlyPings++;
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const stop of this.subscriptions.splice(0)) stop();
    if (this.seenTimer) clearInterval(this.seenTimer);
    this.seenTimer = null;
    if (this.credential) this.registry.remove(this.credential.tokenHash, this);
  }
}
