import {
  AUTH_TOPIC,
  HEARTBEAT_INTERVAL_MS,
  HeartbeatEvent,
  HeartbeatMethod,
  MAX_LOGGED_FAILURES,
  PING_INTERVAL_MS,
  PONG_KIND,
  PONG_TIMEOUT_MS,
  SESSION_END_REASONS,
  WS2_TOKEN_QUERY,
  buildHeartbeat,
  heartbeatFrame,
  parseChatId,
  parseWs2Frame,
  pingFrame,
  serverCodeForClose,
} from '@ptt/contracts';
import type { Session, SessionEndReason, Ws2Frame } from '@ptt/contracts';
import { createFrameAdapter } from './adapter';
import { reconnectDelayMs } from './backoff';
import type { EventBus } from './bus';
import type { SessionStore } from './session-store';
import { WS_READY_STATE_OPEN, globalTimers } from './socket-types';
import type { Logger, TimerHandle, Timers, WebSocketCtor, WebSocketLike } from './socket-types';

export interface SocketBridgeOptions {
  bus: EventBus;
  /** ws(s)://<message host>/ws2 */
  url: string;
  sessionStore: Pick<SessionStore, 'load'>;
  WebSocketImpl?: WebSocketCtor;
  timers?: Timers;
  logger?: Logger;
  navigate: (to: string) => void;
  /** Epoch milliseconds, for heartbeat timestamps. */
  now?: () => number;
  /** Sent as the heartbeat `device` field; defaults to the browser's user agent. */
  device?: string;
  /** [0, 1): the reconnect delay's jitter (backoff.ts); Math.random by default. */
  random?: () => number;
}

export interface SocketBridge {
  connect(): void;
  disconnect(): void;
  /** Presence heartbeat with event Offline (9); false when the socket is not open. */
  sendOfflineHeartbeat(): boolean;
  /** Chat heartbeat (method 2, event 1) for a chat id; false when the socket is not open. */
  sendChatHeartbeat(chatId: string): boolean;
  isOpen(): boolean;
  /** Frames dropped because their data did not match the contracts, by kind (diagnostics). */
  droppedFrames(): Readonly<Record<string, number>>;
}

export const NO_SESSION_MESSAGE = 'cannot find the main channel';

function socketUrl(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${WS2_TOKEN_QUERY}=${encodeURIComponent(token)}`;
}

/** The reason a `sys/auth` frame gives for ending the session, when it is one we know. */
function endReasonOf(frame: Ws2Frame): SessionEndReason | undefined {
  const reason = (frame.data as { reason?: unknown } | null)?.reason;
  return (SESSION_END_REASONS as readonly unknown[]).includes(reason) ? (reason as SessionEndReason) : undefined;
}

function defaultDevice(): string {
  return (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? '';
}

/** The one /ws2 connection of a page, with the behaviour of spec section 4. */
export function createSocketBridge(options: SocketBridgeOptions): SocketBridge {
  const { bus, url, sessionStore, navigate } = options;
  const timers = options.timers ?? globalTimers;
  const logger = options.logger ?? console;
  const now = options.now ?? (() => Date.now());
  const device = options.device ?? defaultDevice();
  const random = options.random ?? Math.random;
  const WebSocketImpl = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as WebSocketCtor);
  const adapter = createFrameAdapter(logger);

  let socket: WebSocketLike | null = null;
  let session: Session | null = null;
  let failures = 0;
  let heartbeatTimer: TimerHandle | null = null;
  let pingTimer: TimerHandle | null = null;
  let pongTimer: TimerHandle | null = null;
  let reconnectTimer: TimerHandle | null = null;
  /** Announced by the server's `sys/auth` frame just before it closes a revoked session. */
  let endReason: SessionEndReason | undefined;

  function publishStatus(state: 'idle' | 'connecting' | 'open' | 'closed'): void {
    bus.publish('socket/status', { state, failures });
  }

  function stopRepeats(): void {
    if (heartbeatTimer !== null) timers.clearInterval(heartbeatTimer);
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    if (pongTimer !== null) timers.clearTimeout(pongTimer);
    heartbeatTimer = pingTimer = pongTimer = null;
  }

  function cancelReconnect(): void {
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    reconnectTimer = null;
  }

  /** Forgets the current socket: its late events are ignored from here on. */
  function dropSocket(closeCode?: number): void {
    stopRepeats();
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onclose = old.onerror = old.onmessage = null;
    try {
      old.close(closeCode);
    } catch {
      // Closing a socket that never opened may throw in some implementations; it is gone either way.
    }
  }

  function send(frame: Ws2Frame): boolean {
    if (!socket || socket.readyState !== WS_READY_STATE_OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  function sendHeartbeat(method: HeartbeatMethod, event: HeartbeatEvent, chatId?: string): boolean {
    if (!session) return false;
    const heartbeat = buildHeartbeat({ session, method, event, chatId, device, now: now() });
    return send(heartbeatFrame(session, heartbeat));
  }

  function sendOnlineHeartbeat(): void {
    sendHeartbeat(HeartbeatMethod.Presence, HeartbeatEvent.Online);
  }

  function ping(): void {
    if (!send(pingFrame())) return;
    if (pongTimer !== null) return;
    pongTimer = timers.setTimeout(() => {
      pongTimer = null;
      fail(socket, 'no pong within timeout');
    }, PONG_TIMEOUT_MS);
  }

  function onOpen(): void {
    failures = 0;
    publishStatus('open');
    // The spec sends two online heartbeats at once, then one per interval.
    sendOnlineHeartbeat();
    sendOnlineHeartbeat();
    heartbeatTimer = timers.setInterval(sendOnlineHeartbeat, HEARTBEAT_INTERVAL_MS);
    pingTimer = timers.setInterval(ping, PING_INTERVAL_MS);
  }

  function onMessage(raw: unknown): void {
    const frame = parseWs2Frame(typeof raw === 'string' ? raw : undefined);
    if (!frame) return;
    if (frame.t === PONG_KIND) {
      if (pongTimer !== null) timers.clearTimeout(pongTimer);
      pongTimer = null;
      return;
    }
    if (frame.topic === AUTH_TOPIC) {
      endReason = endReasonOf(frame);
      return;
    }
    for (const event of adapter.toBusEvents(frame)) bus.publish(event.topic, event.payload);
  }

  /** Error, close or a dead keep-alive: the socket is gone. First report wins; later ones are ignored. */
  function fail(failed: WebSocketLike | null, reason: unknown, closeCode?: number): void {
    if (failed === null || failed !== socket) return;
    dropSocket();
    const sessionCode = closeCode === undefined ? null : serverCodeForClose(closeCode);
    if (sessionCode !== null) {
      // The server refused this session: reconnecting cannot help, the user must log in again.
      // 'idle', not 'closed': nothing will reconnect, and a drop notice would only hide the reason.
      publishStatus('idle');
      bus.publish('session/expired', endReason ? { code: sessionCode, reason: endReason } : { code: sessionCode });
      return;
    }
    // Logged while the counter is still under the limit, so the first MAX_LOGGED_FAILURES are reported.
    if (failures < MAX_LOGGED_FAILURES) logger.error('websocket connection failed', reason);
    failures += 1;
    publishStatus('closed');
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      open();
    }, reconnectDelayMs(failures, undefined, undefined, random));
  }

  function open(): void {
    cancelReconnect();
    dropSocket();
    session = sessionStore.load();
    if (!session) {
      logger.error(NO_SESSION_MESSAGE);
      publishStatus('idle');
      navigate('/');
      return;
    }
    const ws = new WebSocketImpl(socketUrl(url, session.auth_token));
    socket = ws;
    endReason = undefined;
    ws.onopen = () => {
      if (ws === socket) onOpen();
    };
    ws.onmessage = (event) => {
      if (ws === socket) onMessage(event.data);
    };
    ws.onerror = (event) => fail(ws, event);
    ws.onclose = (event) => fail(ws, { code: event.code, reason: event.reason }, event.code);
    publishStatus('connecting');
  }

  return {
    connect: open,
    disconnect() {
      cancelReconnect();
      dropSocket(1000);
      publishStatus('idle');
    },
    sendOfflineHeartbeat: () => sendHeartbeat(HeartbeatMethod.Presence, HeartbeatEvent.Offline),
    sendChatHeartbeat(chatId) {
      if (parseChatId(chatId) === null) throw new TypeError(`malformed chat id "${chatId}"`);
      return sendHeartbeat(HeartbeatMethod.Chat, HeartbeatEvent.EnterChat, chatId);
    },
    isOpen: () => socket !== null && socket.readyState === WS_READY_STATE_OPEN,
    droppedFrames: () => adapter.droppedFrames(),
  };
}
