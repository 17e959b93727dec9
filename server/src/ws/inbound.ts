import type { ClientTopicKind } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';

/** What a handler of a client-sent frame knows: whose socket it came from. */
export interface InboundContext {
  session: ActiveSession;
  connectionId: number;
  /** The socket's remote address as the REST routes see it (`req.ip`, proxy-aware when the
   *  server trusts a proxy); null when unknown. */
  ip: string | null;
}

export type InboundHandler = (ctx: InboundContext, kind: string, data: unknown) => void | Promise<void>;

/**
 * Client-sent frames by topic kind (heartbeat, location, sos, commandReply). The gateway has
 * already checked that the topic names the socket's own enterprise and user; handlers validate
 * `data` with contracts' schemas and ignore anything that does not parse.
 */
export class InboundRouter {
  private readonly handlers = new Map<ClientTopicKind, InboundHandler[]>();

  on(kind: ClientTopicKind, handler: InboundHandler): void {
    const list = this.handlers.get(kind) ?? [];
    list.push(handler);
    this.handlers.set(kind, list);
  }

  async dispatch(kind: ClientTopicKind, ctx: InboundContext, t: string, data: unknown): Promise<void> {
    for (const handler of this.handlers.get(kind) ?? []) await handler(ctx, t, data);
  }
}
