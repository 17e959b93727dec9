import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Action } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';
import type { ModuleDeps } from '../module-deps';
import { bearerToken } from './bearer';
import { requirePermission, type Caller } from './caller';
import { ok } from './envelope';
import { callerOf } from './request-caller';

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
  /** The app's services and shared helpers, built once by the composition root (app.ts). */
  deps: ModuleDeps;
}

/** What a route's `signedUrl` check sees: the parsed path and query, nothing of the body yet. */
export interface SignedUrlContext<P, Q> {
  params: P;
  query: Q;
  deps: ModuleDeps;
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
  /**
   * How a request without a Bearer header may still authenticate: a URL the console signed, for
   * tags that cannot send a header (ADR 012). Its session then passes the same `auth` check.
   */
  signedUrl?(ctx: SignedUrlContext<Out<P>, Out<Q>>): Promise<ActiveSession>;
  /** Returns the envelope's data (sync or async). */
  handler(ctx: RouteContext<Out<P>, Out<Q>, Out<B>>): unknown;
}

/** Keeps the generic types of one route (params, query and body inferred from their schemas). */
export function defineRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  return def;
}

/**
 * Registers routes: token (or signed URL) -> caller, matrix check, zod parsing, envelope. The
 * declarations are plain data; `deps` is what their handlers get.
 */
export function registerRoutes(app: FastifyInstance, deps: ModuleDeps, routes: readonly RouteDef[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        const token = bearerToken(req);
        const signed = route.auth !== 'public' && token === null && route.signedUrl !== undefined;
        let caller = null as unknown as Caller;
        // A signed URL is checked against the parsed path and query, so those come first; every
        // other route refuses a missing or bad token before it looks at the input.
        if (route.auth !== 'public' && !signed) caller = guard(route, callerOf(await deps.auth.authenticate(token), req));
        const params = route.params ? route.params.parse(req.params) : undefined;
        const query = route.query ? route.query.parse(req.query ?? {}) : undefined;
        if (signed) caller = guard(route, callerOf(await route.signedUrl!({ params, query, deps }), req));
        const body = route.body ? route.body.parse(req.body ?? {}) : undefined;
        const data = await route.handler({ params, query, body, caller, req, reply, deps });
        if (route.raw) return reply;
        return ok(data ?? null);
      },
    });
  }
}

/** Refuses roles the matrix does not allow the route's action (403/2001). */
function guard(route: RouteDef, caller: Caller): Caller {
  if (route.auth !== 'public' && route.auth !== 'session') requirePermission(caller, route.auth);
  return caller;
}
