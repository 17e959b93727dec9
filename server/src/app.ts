import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ServerCode } from '@ptt/contracts';
import fastifyMultipart from '@fastify/multipart';
import { AuthService } from './auth/auth.service';
import { CaptchaService } from './auth/captcha';
import { EnterpriseRepository } from './auth/enterprise.repository';
import { LoginRecordRepository } from './auth/login-record.repository';
import { LoginThrottle } from './auth/login-throttle';
import { SessionRepository } from './auth/session.repository';
import { UserRepository } from './auth/user.repository';
import type { AppConfig } from './config';
import type { Db } from './db/db';
import { AppError } from './http/app-error';
import { ok } from './http/envelope';
import { frameworkErrors, installErrorHandling } from './http/error-handler';
import { buildOpenApi } from './http/openapi';
import { registerRoutes } from './http/route';
import { FileStore } from './files/file-store';
import { allRoutes, wireRealtime } from './modules';
import { DEFAULT_HEARTBEAT_TIMEOUT_MS, REPO_ROOT } from './config';
import { registerStatic } from './static/static.routes';
import { registerMapRoutes } from './maps/map.routes';
import { loadMapConfig } from './maps/map-config';
import { installSecurityHeaders } from './http/security-headers';
import { InProcessHub, type Hub } from './ws/hub';
import { randomBytes } from 'node:crypto';
import { DomainEvents } from './events/domain-events';
import { InboundRouter } from './ws/inbound';
import { MemoryPresenceStore, PresenceService, type PresenceStore } from './ws/presence';
import { MemorySendLimiter, type SendLimiter } from './chat/send-limiter';
import { registerWs2Gateway } from './ws/ws2.gateway';
import { NoMedia, type MediaRooms } from './media/media-rooms';
import { registerJanusProxy } from './media/janus-proxy';
import { MemoryFloorStore, type FloorStore } from './ptt/floor-store';

/** Version of the REST API in the OpenAPI document. */
export const API_VERSION = '1.0.0';

export interface AppDeps {
  db: Db;
  /** Defaults to the in-process hub (one node). */
  hub?: Hub;
  logger?: FastifyServerOptions['logger'];
  /** Tests fix the captcha text so they can answer it. */
  captchaText?: () => string;
  /** Defaults to one node's memory; the Redis store shares presence between nodes. */
  presenceStore?: PresenceStore;
  /** Chat "too fast" counting; defaults to one node's memory, Redis shares it between nodes. */
  sendLimiter?: SendLimiter;
  /** PTT media rooms; defaults to NoMedia (no media server configured). */
  media?: MediaRooms;
  /** PTT floors; defaults to one node's memory, Redis shares them between nodes. */
  floorStore?: FloorStore;
}

export type AppConfigForApp = Pick<AppConfig, 'bodyLimitBytes' | 'staticDir' | 'remotesDir' | 'remoteUrls' | 'filesDir'> &
  Partial<Pick<AppConfig, 'heartbeatTimeoutMs' | 'map'>>;

/** The whole HTTP + /ws2 application on an already migrated database. Not listening yet. */
export async function buildApp(config: AppConfigForApp, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: config.bodyLimitBytes, frameworkErrors });
  const hub = deps.hub ?? new InProcessHub((err, topic) => app.log.error({ err, topic }, 'hub listener failed'));
  const { db } = deps;

  installErrorHandling(app);
  // Apps built without a loaded map config (tests) read the environment, as main.ts would.
  const mapConfig = config.map ?? loadMapConfig(process.env, REPO_ROOT);
  installSecurityHeaders(app, { map: mapConfig.config, remoteUrls: config.remoteUrls });
  await app.register(fastifyWebsocket, { options: { maxPayload: config.bodyLimitBytes } });
  // Upload size is limited per enterprise inside the route; this is only the outer bound.
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024 * 1024, files: 1 } });

  const users = new UserRepository(db);
  const auth = new AuthService({
    db,
    enterprises: new EnterpriseRepository(db),
    users,
    sessions: new SessionRepository(db),
    loginRecords: new LoginRecordRepository(db),
    throttle: new LoginThrottle(db),
    captchas: new CaptchaService(db, deps.captchaText),
    hub,
  });
  const files = new FileStore(db, config.filesDir);
  const events = new DomainEvents((err, name) => app.log.error({ err, event: name }, 'domain event listener failed'));
  const inbound = new InboundRouter();
  const nodeId = randomBytes(6).toString('hex');
  const presence = new PresenceService(hub, deps.presenceStore ?? new MemoryPresenceStore(), nodeId);

  app.get('/api/health', async () => {
    try {
      await db.query('select 1');
    } catch (err) {
      app.log.error({ err }, 'health check: database unavailable');
      throw new AppError(ServerCode.ServiceBusy, { status: 'degraded', db: db.kind });
    }
    return ok({ status: 'ok', db: db.kind });
  });
  const sendLimiter = deps.sendLimiter ?? new MemorySendLimiter();
  const media = deps.media ?? new NoMedia();
  const floors = deps.floorStore ?? new MemoryFloorStore();
  const moduleDeps = { db, hub, auth, files, events, inbound, presence, sendLimiter, media, floors };
  const routes = allRoutes(moduleDeps);
  wireRealtime(moduleDeps);
  registerRoutes(app, auth, routes);
  registerJanusProxy(app, { auth, db, media });
  const openApi = buildOpenApi(routes, API_VERSION);
  app.get('/api/docs', (_req, reply) => reply.send(openApi));
  registerWs2Gateway(app, {
    hub,
    auth,
    users,
    presence,
    inbound,
    log: app.log,
    heartbeatTimeoutMs: config.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS,
  });
  registerMapRoutes(app, mapConfig);
  await registerStatic(app, config);

  return app;
}
