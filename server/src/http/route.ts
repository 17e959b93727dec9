import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toStorableText, type Action } from '@ptt/contracts';
import type { AuthService } from '../auth/auth.service';
import { bearerToken } from '../auth/bearer';
import { requirePermission, type Caller } from './caller';
import { ok } from './envelope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: 'public' (no token), 'session' (any logged-in user; the service applies finer
 * rules), or an action of the permission matrix checked before the handler runs. Services check
 * again with their own rules (admins on admins, members on their own channels...).
 */
export type RouteAuth = 'public' | 'session' | Action;

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Null only on public routes. */
  caller: Caller;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDef<P extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined, B extends Schema | undefined = Schema | undefined> {
  method: HttpMethod;
  /** Fastify path, e.g. `/api/users/:id`. */
  url: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  params?: P;
  query?: Q;
  body?: B;
  /** `multipart/form-data` with one file field named `file` (the handler reads it). */
  upload?: boolean;
  /** Schema of `data` in the envelope; tests check every successful answer against it. */
  response?: Schema;
  /** The handler writes the reply itself (downloads, spreadsheets): content type for the docs. */
  raw?: string;
  /** Operation types this route writes (documentation and tests). */
  audits?: readonly number[];
  /** Returns the envelope's data (sync or async). */
  handler(ctx: RouteContext<Out<P>, Out<Q>, Out<B>>): unknown;
}

/** Keeps the generic types of one route (params, query and body inferred from their schemas). */
export function defineRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  return def;
}

export function clientInfo(req: FastifyRequest): { ip: string | null; device: string | null } {
  const ua = req.headers['user-agent'];
  // Stored with operation and login records: a header is not refused, only made storable.
  return { ip: req.ip ?? null, device: typeof ua === 'string' ? toStorableText(ua.slice(0, 200)) : null };
}

/** Registers routes: token -> caller, matrix check, zod parsing, envelope. */
export function registerRoutes(app: FastifyInstance, auth: AuthService, routes: readonly RouteDef[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        let caller = null as unknown as Caller;
        if (route.auth !== 'public') {
          const session = await auth.authenticate(bearerToken(req));
          caller = { ...session, ...clientInfo(req) };
          if (route.auth !== 'session') requirePermission(caller, route.auth);
        }
        const params = route.params ? route.params.parse(req.params) : undefined;
        const query = route.query ? route.query.parse(req.query ?? {}) : undefined;
        const body = route.body ? route.body.parse(req.body ?? {}) : undefined;
        const data = await route.handler({ params, query, body, caller, req, reply });
        if (route.raw) return reply;
        return ok(data ?? null);
      },
    });
  }
}
