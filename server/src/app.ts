import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ServerCode } from '@ptt/contracts';
import { registerAuthRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { EnterpriseRepository } from './auth/enterprise.repository';
import { LoginRecordRepository } from './auth/login-record.repository';
import { SessionRepository } from './auth/session.repository';
import { UserRepository } from './auth/user.repository';
import type { AppConfig } from './config';
import type { Db } from './db/db';
import { AppError } from './http/app-error';
import { ok } from './http/envelope';
import { installErrorHandling } from './http/error-handler';
import { registerStatic } from './static/static.routes';
import { InProcessHub, type Hub } from './ws/hub';
import { Presence } from './ws/presence';
import { registerWs2Gateway } from './ws/ws2.gateway';

export interface AppDeps {
  db: Db;
  /** Defaults to the in-process hub (one node). */
  hub?: Hub;
  logger?: FastifyServerOptions['logger'];
}

export type AppConfigForApp = Pick<AppConfig, 'bodyLimitBytes' | 'staticDir' | 'remotesDir' | 'remoteUrls'>;

/** The whole HTTP + /ws2 application on an already migrated database. Not listening yet. */
export async function buildApp(config: AppConfigForApp, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: config.bodyLimitBytes });
  const hub = deps.hub ?? new InProcessHub((err, topic) => app.log.error({ err, topic }, 'hub listener failed'));
  const { db } = deps;

  installErrorHandling(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: config.bodyLimitBytes } });

  const users = new UserRepository(db);
  const auth = new AuthService({
    enterprises: new EnterpriseRepository(db),
    users,
    sessions: new SessionRepository(db),
    loginRecords: new LoginRecordRepository(db),
    hub,
  });

  app.get('/api/health', async () => {
    try {
      await db.query('select 1');
    } catch (err) {
      app.log.error({ err }, 'health check: database unavailable');
      throw new AppError(ServerCode.ServiceBusy, { status: 'degraded', db: db.kind });
    }
    return ok({ status: 'ok', db: db.kind });
  });
  registerAuthRoutes(app, auth);
  registerWs2Gateway(app, { hub, auth, users, presence: new Presence(), log: app.log });
  await registerStatic(app, config);

  return app;
}
