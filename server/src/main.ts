import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import type { Db } from './db/db';
import { describeDb, openDb } from './db/open-db';
import { startPgliteMaintenance } from './db/maintenance';
import { migrate } from './db/migrate';
import { warnIfTooBigForPglite } from './db/size-warning';
import { DEMO_PASSWORD, seedDemo } from './seed/demo';
import type { RedisErrorLogger } from './ws/redis-client';
import { RedisHub } from './ws/redis-hub';
import { RedisPresenceStore } from './ws/redis-presence';
import { RedisSendLimiter } from './chat/redis-send-limiter';
import { MemorySendLimiter } from './chat/send-limiter';
import { CAPTCHAS_PER_ADDRESS, CAPTCHA_WINDOW_MS } from './auth/captcha';
import { UPLOADS_PER_USER, UPLOAD_WINDOW_MS } from './http/upload-limit';
import { RedisFloorStore } from './ptt/redis-floor-store';
import { createMedia } from './media/create-media';
import { loggerOptions } from './http/log-options';
import { StartupLogger } from './logger';

// After a signal we give open sockets and the database this long before exiting anyway.
const SHUTDOWN_LIMIT_MS = 10_000;

// Warnings and errors: the terminal until the app exists, then the app's logger. The console.info
// lines are the start-up banner, printed whatever LOG_LEVEL says.
const log = new StartupLogger();

function printDemoLogins(logins: { entId: number; account: string; role: number }[], seeded: boolean): void {
  const how = seeded ? 'seeded now' : 'seeded earlier';
  console.info(`Demo organisations (${how}). Every demo account's password is "${DEMO_PASSWORD}":`);
  for (const l of logins) console.info(`  organisation ${l.entId}  ${l.account.padEnd(12)} role ${l.role}`);
}

async function start(config: AppConfig): Promise<void> {
  const dbOptions = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, timeoutMs: config.dbOpenTimeoutMs };
  console.info(`Opening ${describeDb(dbOptions)} ...`);
  const db: Db = await openDb({ ...dbOptions, log });
  const applied = await migrate(db);
  if (applied.length > 0) console.info(`Applied migrations: ${applied.join(', ')}`);
  if (config.seedDemo) {
    const seed = await seedDemo(db);
    // Printed on every start so `npm start` always shows how to log in.
    printDemoLogins(seed.logins, seed.seeded);
  }
  await warnIfTooBigForPglite(db, log);

  const onError: RedisErrorLogger = (err, what) => log.error({ err }, what);
  let hub: RedisHub | undefined;
  let presenceStore: RedisPresenceStore | undefined;
  let sendLimiter: RedisSendLimiter | undefined;
  let captchaLimiter: RedisSendLimiter | undefined;
  let uploadLimiter: RedisSendLimiter | undefined;
  let floorStore: RedisFloorStore | undefined;
  if (config.redisUrl) {
    console.info('Connecting to Redis for real-time fan-out and presence ...');
    hub = await RedisHub.connect(config.redisUrl, { onError, onListenerError: (err, topic) => onError(err, `hub listener on ${topic}`) });
    presenceStore = await RedisPresenceStore.connect(config.redisUrl, { onError, nodeTtlMs: config.presenceNodeTtlMs });
    sendLimiter = await RedisSendLimiter.connect(config.redisUrl, { onError });
    // While Redis is away each node counts captchas itself again, rather than not at all.
    captchaLimiter = sendLimiter.derive('captcha', CAPTCHAS_PER_ADDRESS, CAPTCHA_WINDOW_MS, new MemorySendLimiter(CAPTCHAS_PER_ADDRESS, CAPTCHA_WINDOW_MS));
    uploadLimiter = sendLimiter.derive('upload', UPLOADS_PER_USER, UPLOAD_WINDOW_MS, new MemorySendLimiter(UPLOADS_PER_USER, UPLOAD_WINDOW_MS));
    floorStore = await RedisFloorStore.connect(config.redisUrl, { onError });
  }

  const testCaptcha = config.testCaptchaText;
  if (testCaptcha) log.warn({}, 'PTT_TEST_CAPTCHA_TEXT is set: every captcha shows the same text. For end-to-end tests only.');
  const captchaText = testCaptcha ? () => testCaptcha : undefined;
  const media = await createMedia(config.media, log, config.ptt);
  if (config.media.kind === 'none') {
    const why = config.janusUrl ? 'JANUS_URL alone only feeds the diagnostics page' : 'no Janus is configured';
    log.warn({}, `PTT audio is off: ${why} (set JANUS_AUTOSTART=true, or JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY and JANUS_RECORD_DIR).`);
  }
  const { app } = await buildApp(config, { db, logger: loggerOptions(config.logLevel), hub, presenceStore, sendLimiter, captchaLimiter, uploadLimiter, floorStore, captchaText, media });
  const stopMaintenance = startPgliteMaintenance(db, (err) => app.log.error({ err }, 'database maintenance failed'));
  app.addHook('onClose', (_app, done) => {
    stopMaintenance();
    done();
  });
  log.use(app.log);
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  const { port } = app.server.address() as AddressInfo;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.info(`PTT console listening on http://${shownHost}:${port}/`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      log.warn({}, `${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.info(`${signal}: shutting down...`);
    setTimeout(() => {
      log.error({}, 'Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app
      .close()
      // After the app: no request reaches Janus any more; stops the Janus we started.
      .then(() => media.close())
      // The store first: its last removals publish 'offline' through the hub.
      .then(() => presenceStore?.close())
      .then(() => sendLimiter?.close())
      .then(() => floorStore?.close())
      .then(() => hub?.close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, 'Shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) log.error({}, err.message);
  else log.error({ err }, 'Reading the configuration failed');
  process.exit(1);
}
start(config).catch((err: unknown) => {
  log.error({}, `Server failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
