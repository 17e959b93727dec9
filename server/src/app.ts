import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ServerCode } from '@ptt/contracts';
import { AuthService } from './auth/auth.service';
import { CaptchaService } from './auth/captcha';
import { EnterpriseRepository } from './auth/enterprise.repository';
import { LoginRecordRepository } from './auth/login-record.repository';
import { LoginThrottle } from './auth/login-throttle';
import { SessionRepository } from './auth/session.repository';
import { UserRepository } from './auth/user.repository';
import { MemorySendLimiter, type SendLimiter } from './chat/send-limiter';
import { composeModules } from './compose';
import type { AppConfig } from './config';
import type { CoreDeps } from './core-deps';
import type { Db } from './db/db';
import { DomainEvents } from './events/domain-events';
import { FileStore } from './files/file-store';
import { AppError } from './http/app-error';
import { ok } from './http/envelope';
import { frameworkErrors, installErrorHandling } from './http/error-handler';
import { buildOpenApi } from './http/openapi';
import { registerRoutes } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { registerMapRoutes } from './maps/map.routes';
import { registerJanusProxy } from './media/janus-proxy';
import { NoMedia, type MediaRooms } from './media/media-rooms';
import type { ModuleDeps } from './module-deps';
import { allRoutes, wireRealtime } from './modules';
import { MemoryFloorStore, type FloorStore } from './ptt/floor-store';
import { registerStatic } from './static/static.routes';
import { InProcessHub, type Hub } from './ws/hub';
import { InboundRouter } from './ws/inbound';
import { MemoryPresenceStore, PresenceService, type PresenceStore } from './ws/presence';
import { registerWs2Gateway } from './ws/ws2.gateway';
import { UPLOADS_PER_USER, UPLOAD_WINDOW_MS } from './http/upload-limit';

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
  /** Captchas per address (CAPTCHAS_PER_ADDRESS a minute); defaults to one node's memory, Redis
   *  shares it, so a caller spread over nodes gets the limit once, not once per node. */
  captchaLimiter?: SendLimiter;
  /** Uploads per user (UPLOADS_PER_USER a minute); defaults to one node's memory, Redis shares it. */
  uploadLimiter?: SendLimiter;
  /** PTT media rooms; defaults to NoMedia (no media server configured). */
  media?: MediaRooms;
  /** PTT floors; defaults to one node's memory, Redis shares them between nodes. */
  floorStore?: FloorStore;
}

/** The part of the configuration the app reads (main.ts and the tests get it from loadConfig). */
export type AppConfigForApp = Pick<
  AppConfig,
  'bodyLimitBytes' | 'staticDir' | 'remotesDir' | 'remoteUrls' | 'filesDir' | 'heartbeatTimeoutMs' | 'map' | 'janusUrl' | 'limits' | 'trustProxy'
> &
  Partial<Pick<AppConfig, 'redisUrl'>>;

export interface BuiltApp {
  app: FastifyInstance;
  /** The services the routes and real-time handlers share (tests reach into them). */
  deps: ModuleDeps;
}

/**
 * The composition root: the whole HTTP + /ws2 application on an already migrated database, every
 * service and stateful helper made once here (core) and in compose.ts (features), then handed to
 * routes and real-time handlers. Not listening yet.
 */
export async function buildApp(config: AppConfigForApp, appDeps: AppDeps): Promise<BuiltApp> {
  const app = Fastify({ logger: appDeps.logger ?? false, bodyLimit: config.bodyLimitBytes, frameworkErrors, trustProxy: config.trustProxy });
  installErrorHandling(app);
  installSecurityHeaders(app, { map: config.map.config, remoteUrls: config.remoteUrls });
  await app.register(fastifyWebsocket, { options: { maxPayload: config.bodyLimitBytes } });
  // Upload size is limited per enterprise inside the route; this is only the outer bound.
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024 * 1024, files: 1 } });

  const users = new UserRepository(appDeps.db);
  const core = makeCore(app, config, appDeps, users);
  const deps = composeModules(core, { limits: config.limits, janusUrl: config.janusUrl, redisUrl: config.redisUrl });
  // The SOS escalation sweep and the screen counts' ticker run while the app does: they start once
  // the app is ready (listen or the first inject) and stop before the database is closed after the app.
  app.addHook('onReady', (done) => {
    deps.sosEscalation.start();
    deps.screenCounts.start();
    deps.patrolTick.start();
    done();
  });
  app.addHook('onClose', async () => {
    await deps.sosEscalation.stop();
    await deps.screenCounts.stop();
    await deps.patrolTick.stop();
    await deps.monitorRooms?.close();
    await deps.serviceStatus.close();
  });

  app.get('/api/health', async () => {
    try {
      // Its own connection on PostgreSQL: a busy pool is not a database that is down (db.ts ping).
      await core.db.ping();
    } catch (err) {
      app.log.error({ err }, 'health check: database unavailable');
      throw new AppError(ServerCode.ServiceBusy, { status: 'degraded', db: core.db.kind });
    }
    return ok({ status: 'ok', db: core.db.kind });
  });
  wireRealtime(deps);
  registerRoutes(app, deps, allRoutes);
  registerJanusProxy(app, { auth: core.auth, db: core.db, media: core.media, monitorRooms: deps.monitorRooms });
  const openApi = buildOpenApi(allRoutes, API_VERSION);
  app.get('/api/docs', (_req, reply) => reply.send(openApi));
  registerWs2Gateway(app, {
    hub: core.hub,
    auth: core.auth,
    presence: core.presence,
    inbound: core.inbound,
    log: app.log,
    heartbeatTimeoutMs: config.heartbeatTimeoutMs,
    screen: {
      isDisplayToken: (token): token is string => deps.displays.isDisplayToken(token),
      findDisplay: (token) => deps.displays.findDisplay(token),
      seen: (displayId) => deps.displays.seen(displayId),
      addScreenSocket: (entId, send) => deps.screenCounts.add(entId, send),
    },
  });
  registerMapRoutes(app, config.map);
  await registerStatic(app, { ...config, embedOrigins: (entId) => deps.sosSettings.embedOrigins(entId) });
  return { app, deps };
}

/** Storage, real-time plumbing and authentication: what every feature service builds on. */
function makeCore(app: FastifyInstance, config: AppConfigForApp, appDeps: AppDeps, users: UserRepository): CoreDeps {
  const { db } = appDeps;
  const hub = appDeps.hub ?? new InProcessHub((err, topic) => app.log.error({ err, topic }, 'hub listener failed'));
  const auth = new AuthService({
    db,
    enterprises: new EnterpriseRepository(db),
    users,
    sessions: new SessionRepository(db),
    loginRecords: new LoginRecordRepository(db),
    throttle: new LoginThrottle(db),
    captchas: new CaptchaService(db, appDeps.captchaText, appDeps.captchaLimiter),
    hub,
  });
  const nodeId = randomBytes(6).toString('hex');
  return {
    db,
    hub,
    auth,
    files: new FileStore(db, config.filesDir),
    events: new DomainEvents((err, name) => app.log.error({ err, event: name }, 'domain event listener failed')),
    inbound: new InboundRouter(),
    presence: new PresenceService(hub, appDeps.presenceStore ?? new MemoryPresenceStore(), nodeId),
    sendLimiter: appDeps.sendLimiter ?? new MemorySendLimiter(),
    uploadLimiter: appDeps.uploadLimiter ?? new MemorySendLimiter(UPLOADS_PER_USER, UPLOAD_WINDOW_MS),
    media: appDeps.media ?? new NoMedia(),
    floorStore: appDeps.floorStore ?? new MemoryFloorStore(),
    log: app.log,
  };
}
