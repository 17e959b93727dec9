// Client library: node-redis (`redis`), not ioredis. Both reconnect and re-subscribe by
// themselves, but ioredis' own README now says maintenance is best-effort and points new
// projects at node-redis, which Redis maintains actively (typed, RESP3, current Redis commands).
import { createClient } from 'redis';

const MAX_RECONNECT_DELAY_MS = 2_000;

function newClient(url: string, queueWhileOffline: boolean) {
  return createClient({
    url,
    disableOfflineQueue: !queueWhileOffline,
    socket: { reconnectStrategy: (retries: number) => Math.min(50 * 2 ** Math.min(retries, 10), MAX_RECONNECT_DELAY_MS) },
  });
}

export type RedisClient = ReturnType<typeof newClient>;

export type RedisErrorLogger = (err: unknown, what: string) => void;

/**
 * A connected client that reconnects for ever (the library's default strategy gives up on a
 * socket timeout) and reports a lost connection once, not on every failed retry.
 * `queueWhileOffline: false` makes commands fail at once while disconnected instead of waiting.
 */
export async function connectRedis(url: string, name: string, onError: RedisErrorLogger, queueWhileOffline: boolean): Promise<RedisClient> {
  const client = newClient(url, queueWhileOffline);
  let down = false;
  client.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    onError(err, `redis ${name} connection failed; retrying`);
  });
  client.on('ready', () => {
    down = false;
  });
  await client.connect();
  return client;
}

/** Graceful QUIT, or a hard close when Redis does not answer in time (it may be down). */
export async function closeRedis(client: RedisClient, limitMs = 2_000): Promise<void> {
  if (!client.isOpen) return;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limitMs);
  });
  const result = await Promise.race([client.close().then(() => 'done' as const, () => 'late' as const), limit]);
  clearTimeout(timer);
  if (result === 'late' && client.isOpen) client.destroy();
}
