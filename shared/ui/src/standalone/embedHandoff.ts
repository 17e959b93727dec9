import { EMBED_MESSAGES, EMBED_QUERY, sessionSchema } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import { createApiClient } from '@ptt/event-bus';
import type { FetchLike } from '@ptt/event-bus';
import { setEmbedder } from './embedder';

// The token hand-off of an embedded page (ADR 025): the page says it is ready to its parent, the
// parent posts a token, the server checks the message's origin against the organisation's list
// and answers the session. The browser sets event.origin, so a frame of another site cannot pass
// itself off as a listed one; the server, not this code, decides which origins are allowed.

export const EMBED_HANDOFF_PATH = '/api/auth/embed';

/** Whether the page was opened to be embedded (`?embed=1`): no login form, no stored session. */
export function isEmbedded(search: string): boolean {
  return new URLSearchParams(search).get(EMBED_QUERY.embed) === '1';
}

/** POST /api/auth/embed with the handed-over token as bearer: the session, or a refusal (2001). */
export function embedSessionWith(fetchImpl?: FetchLike) {
  return (token: string, origin: string): Promise<Session> =>
    createApiClient({ baseUrl: '', getToken: () => token, fetchImpl }).post(EMBED_HANDOFF_PATH, { origin }, { schema: sessionSchema });
}

/** Where messages arrive: this page's window. */
export interface MessageTarget {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface EmbedHandoffOptions {
  /** This page's window: where token messages arrive. */
  self: MessageTarget;
  /** The embedding page: told we are ready (it may not have sent its token yet). */
  parent: Pick<Window, 'postMessage'>;
  /** Exchanges a token for a session, for the origin that sent it. */
  exchange: (token: string, origin: string) => Promise<Session>;
  /** The session was accepted: keep it (in memory) and connect. */
  onSession: (session: Session) => void;
  log?: Pick<Console, 'debug'>;
}

export interface EmbedHandoff {
  /** Says `ready` to the parent again (after the session was lost, say). */
  announce(): void;
  stop(): void;
}

interface TokenMessage {
  type: typeof EMBED_MESSAGES.token;
  token: string;
}

function isTokenMessage(data: unknown): data is TokenMessage {
  const d = data as Partial<TokenMessage> | null;
  return typeof d === 'object' && d !== null && d.type === EMBED_MESSAGES.token && typeof d.token === 'string' && d.token !== '';
}

/** Listens for token messages until stopped; each accepted one saves the session and answers `accepted`. */
export function startEmbedHandoff({ self, parent, exchange, onSession, log = console }: EmbedHandoffOptions): EmbedHandoff {
  let stopped = false;
  const onMessage = (event: MessageEvent) => {
    if (!isTokenMessage(event.data)) return;
    const { origin, source } = event;
    const token = event.data.token;
    exchange(token, origin).then(
      (session) => {
        if (stopped) return;
        const target = (source as Window | null) ?? null;
        if (target) setEmbedder({ origin, target });
        onSession(session);
        target?.postMessage({ type: EMBED_MESSAGES.accepted }, origin);
      },
      // A site not on the list (or a stale token): ignored, as if never sent. Debug only: a
      // hostile frame could otherwise fill the console.
      (e: unknown) => log.debug('embed token refused', origin, e),
    );
  };
  const announce = () => parent.postMessage({ type: EMBED_MESSAGES.ready }, '*');
  self.addEventListener('message', onMessage);
  announce();
  return {
    announce,
    stop() {
      stopped = true;
      self.removeEventListener('message', onMessage);
    },
  };
}
