import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ServerCode, type Action } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';
import type { ModuleDeps } from '../module-deps';
import { AppError } from './app-error';
import { bearerToken } from './bearer';
import { requirePermission, type Caller, type ScreenViewer } from './caller';
import { ok } from './envelope';
import { callerOf } from './request-caller';
import { BusyError } from './busy-error';
import { uploaderKey } from './upload-limit';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: 'public' (no token), 'session' (any logged-in user; the service applies finer
 * rules), 'screen' (the large screen, ADR 026: a console session whose role may `screen.read`, or
 * a paired display's credential; the handler gets `viewer`, not `caller`), or an action of the
 * permission matrix checked before the handler runs. Services check again with their own rules
 * (admins on admins, members on their own channels...).
 *
 * A display credential opens nothing but 'screen' routes: everywhere else it is refused exactly
 * like an unknown token (401/10000), because `AuthService.authenticate` never finds it.
 */
export type RouteAuth = 'public' | 'session' | 'screen' | Action;

/** The matrix action a route's roles are checked against: 'screen' is `screen.read` for console
 *  sessions; null for public and session routes. */
export function routeAction(auth: RouteAuth): Action | null {
  if (auth === 'public' || auth === 'session') return null;
  return auth === 'screen' ? 'screen.read' : auth;
}

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

/** What a 'screen' route's handler gets: the viewer (a console user or a display) instead of a caller. */
export interface ScreenRouteContext<P, Q, B> extends Omit<RouteContext<P, Q, B>, 'caller'> {
  viewer: ScreenViewer;
}

/** The handler's context by the route's auth: 'screen' routes read a viewer, the others a caller. */
export type ContextFor<A extends RouteAuth, P, Q, B> = [A] extends ['screen'] ? ScreenRouteContext<P, Q, B> : RouteContext<P, Q, B>;

/** What a route's `signedUrl` check sees: the parsed path and query, nothing of the body yet. */
export interface SignedUrlContext<P, Q> {
  params: P;
  query: Q;
  deps: ModuleDeps;
}

export interface RouteDef<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  A extends RouteAuth = RouteAuth,
> {
  method: HttpMethod;
  /** Fastify path, e.g. `/api/users/:id`. */
  url: string;
  summary: string;
  tag: string;
  auth: A;
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
  handler(ctx: ContextFor<A, Out<P>, Out<Q>, Out<B>>): unknown;
}

/** Keeps the generic types of one route (params, query and body inferred from their schemas, the
 *  handler's context from its auth). */
export function defineRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, A extends RouteAuth>(
  def: RouteDef<P, Q, B, A>,
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
        let viewer: ScreenViewer | null = null;
        // A signed URL is checked against the parsed path and query, so those come first; every
        // other route refuses a missing or bad token before it looks at the input.
        if (route.auth === 'screen') viewer = await screenViewer(deps, token, req);
        else if (route.auth !== 'public' && !signed) caller = guard(route, callerOf(await deps.auth.authenticate(token), req));
        const params = route.params ? route.params.parse(req.params) : undefined;
        const query = route.query ? route.query.parse(req.query ?? {}) : undefined;
        if (signed) caller = guard(route, callerOf(await route.signedUrl!({ params, query, deps }), req));
        // Before a byte of the file is read (docs/reliability.md "Floods").
        if (route.upload && caller && !(await deps.uploadLimiter.take(uploaderKey(caller.entId, caller.userId)))) throw new BusyError('uploadBusy');
        const body = route.body ? route.body.parse(req.body ?? {}) : undefined;
        // A 'screen' route's handler reads `viewer` (its context type says so), the others `caller`.
        const ctx = { params, query, body, caller, viewer, req, reply, deps } as RouteContext<unknown, unknown, unknown> & ScreenRouteContext<unknown, unknown, unknown>;
        const data = await route.handler(ctx);
        if (route.raw) return reply;
        return ok(data ?? null);
      },
    });
  }
}

/** Refuses roles the matrix does not allow the route's action (403/2001). */
function guard(route: RouteDef, caller: Caller): Caller {
  const action = routeAction(route.auth);
  if (action) requirePermission(caller, action);
  return caller;
}

/**
 * A 'screen' route's reader: a live display credential (paired, not revoked), or else a console
 * session whose role may `screen.read` (403/2001 below it). A display credential that is revoked
 * or unknown is 10000 like any unknown token.
 */
async function screenViewer(deps: ModuleDeps, token: string | null, req: FastifyRequest): Promise<ScreenViewer> {
  if (deps.displays.isDisplayToken(token)) {
    const display = await deps.displays.authenticate(token);
    if (!display) throw new AppError(ServerCode.AuthorizationFailed);
    return { entId: display.entId, entName: display.entName, displayId: display.displayId, userId: null };
  }
  const caller = callerOf(await deps.auth.authenticate(token), req);
  requirePermission(caller, 'screen.read');
  return { entId: caller.entId, entName: caller.entName, displayId: null, userId: caller.userId };
}
