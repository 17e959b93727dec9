import { createClient } from 'redis';
import { JanusStatus, ServiceState, type ServiceStatus } from '@ptt/contracts';
import type { Db } from '../db/db';
import type { Logger } from '../logger';
import { closeRedis } from '../ws/redis-client';
import type { JanusChecker } from './janus-check';

/** A dependency that does not answer within this long counts as down. */
export const STATUS_PROBE_TIMEOUT_MS = 2_000;
/** How long one round of probes serves every console asking (each polls every few seconds). */
export const STATUS_REUSE_MS = 2_000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * Redis as this node sees it, on a connection of its own (the hub's and the stores' are theirs to
 * manage): it reconnects for ever, and a PING tells a live server from a stale socket. Commands fail
 * at once while it is disconnected.
 */
export class RedisProbe {
  private readonly client;

  constructor(url: string, log: Logger) {
    this.client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: (n: number) => Math.min(50 * 2 ** Math.min(n, 10), 2_000) } });
    // Without a listener an 'error' would end the process; the hub already logs the outage.
    this.client.on('error', () => undefined);
    this.client.connect().catch((err: unknown) => log.warn({ err }, 'redis status probe could not connect; retrying'));
  }

  async up(): Promise<boolean> {
    if (!this.client.isReady) return false;
    try {
      await within(this.client.ping(), STATUS_PROBE_TIMEOUT_MS);
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return closeRedis(this.client, 500);
  }
}

/**
 * The console's "what is wrong now": database, Redis and Janus as the answering node reaches them.
 * Consoles poll it, so one round of probes at a time serves them all for STATUS_REUSE_MS.
 */
export class ServiceStatusChecker {
  private shared: { at: number; answer: Promise<ServiceStatus> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly janus: JanusChecker,
    private readonly redis: RedisProbe | null,
  ) {}

  check(): Promise<ServiceStatus> {
    const now = Date.now();
    if (!this.shared || now - this.shared.at > STATUS_REUSE_MS) this.shared = { at: now, answer: this.probe() };
    return this.shared.answer;
  }

  private async probe(): Promise<ServiceStatus> {
    const [database, redis, janus] = await Promise.all([
      within(this.db.query('select 1'), STATUS_PROBE_TIMEOUT_MS).then(
        () => ServiceState.Up,
        () => ServiceState.Down,
      ),
      this.redis ? this.redis.up().then((up) => (up ? ServiceState.Up : ServiceState.Down)) : ServiceState.NotConfigured,
      this.janus.check().then((j) =>
        j.status === JanusStatus.Reachable ? ServiceState.Up : j.status === JanusStatus.Unreachable ? ServiceState.Down : ServiceState.NotConfigured,
      ),
    ]);
    return { database, redis, janus };
  }

  async close(): Promise<void> {
    await this.redis?.close();
  }
}
