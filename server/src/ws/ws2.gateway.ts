import type { FastifyInstance } from 'fastify';
import { WS2_PATH, WS2_TOKEN_QUERY } from '@ptt/contracts';
import { Ws2Connection, type ConnectionDeps } from './connection';
import { DisplayConnection } from './display-connection';
import { INTERNAL_TOPICS, REVOKE_REASONS } from './hub';
import { isMembershipChange } from './membership';

export type Ws2GatewayDeps = ConnectionDeps;

/** What revocation reaches: a console's or a display's socket. */
interface Revocable {
  revoke(elsewhere: boolean, reason: string | null): void;
}

/** `/ws2?at=<token>`: authenticated sockets, revoked on logout or a newer login, and following
 *  their user's channel memberships as they change (on any node). A display credential (ADR 026)
 *  opens a read-only display socket instead, closed when the display is revoked. */
export function registerWs2Gateway(app: FastifyInstance, deps: Ws2GatewayDeps): void {
  const byToken = new Map<string, Set<Revocable>>();
  const byUser = new Map<string, Set<Ws2Connection>>();
  const userKey = (entId: number, userId: number) => `${entId}/${userId}`;
  const addTo = <C>(map: Map<string, Set<C>>, key: string, conn: C) => {
    const set = map.get(key) ?? new Set<C>();
    set.add(conn);
    map.set(key, set);
  };
  const removeFrom = <C>(map: Map<string, Set<C>>, key: string, conn: C) => {
    const set = map.get(key);
    set?.delete(conn);
    if (set?.size === 0) map.delete(key);
  };
  const registry = {
    add(conn: Ws2Connection) {
      const s = conn.session!;
      addTo(byToken, s.tokenHash, conn);
      addTo(byUser, userKey(s.entId, s.userId), conn);
    },
    remove(conn: Ws2Connection) {
      const s = conn.session!;
      removeFrom(byToken, s.tokenHash, conn);
      removeFrom(byUser, userKey(s.entId, s.userId), conn);
    },
  };
  const displays = {
    add: (tokenHash: string, conn: DisplayConnection) => addTo<Revocable>(byToken, tokenHash, conn),
    remove: (tokenHash: string, conn: DisplayConnection) => removeFrom<Revocable>(byToken, tokenHash, conn),
  };

  const stopRevocations = deps.hub.subscribe(INTERNAL_TOPICS.sessionRevoked, (frame) => {
    const data = frame.data as { tokenHash?: unknown; reason?: unknown } | null;
    const tokenHash = data?.tokenHash;
    if (typeof tokenHash !== 'string') return;
    const reason = typeof data?.reason === 'string' ? data.reason : null;
    for (const conn of [...(byToken.get(tokenHash) ?? [])]) conn.revoke(reason === REVOKE_REASONS.loginElsewhere, reason);
  });
  const stopMembership = deps.hub.subscribe(INTERNAL_TOPICS.membership, (frame) => {
    const change = frame.data;
    if (!isMembershipChange(change)) return;
    for (const conn of byUser.get(userKey(change.entId, change.userId)) ?? []) {
      if (change.joined) conn.joinChannel(change.channelId);
      else conn.leaveChannel(change.channelId);
    }
  });
  app.addHook('onClose', (_app, done) => {
    stopRevocations();
    stopMembership();
    done();
  });

  app.get(WS2_PATH, { websocket: true }, (socket, req) => {
    const raw = (req.query as Record<string, unknown>)[WS2_TOKEN_QUERY];
    const token = typeof raw === 'string' ? raw : undefined;
    if (deps.screen.isDisplayToken(token)) {
      void new DisplayConnection(socket, deps, displays).start(token);
      return;
    }
    const conn = new Ws2Connection(socket, deps, registry, req.ip || null);
    void conn.start(token);
  });
}
