import { SCREEN_ALERT_KIND, WALL_ALERT_KIND, pointInShape, topics, type FenceRule, type WallAlertFrame } from '@ptt/contracts';
import type { Db } from '../db/db';
import type { DomainEventMap } from '../events/domain-events';
import type { Hub } from '../ws/hub';
import { insertAlert, moveState } from './fence-alert.repository';
import type { ActiveFence, FenceCache } from './fence-cache';

type Stored = DomainEventMap['location.stored'];
type Point = Stored['points'][number];

/**
 * How long a node trusts the side it remembers for a (fence, user) before asking the database
 * again. The database holds the truth (several nodes, restarts); the memory only spares a query
 * per point while a member stays on one side.
 */
export const STATE_TRUST_MS = 60_000;
const STATES_MAX = 200_000;

/** Is this side the one the rule alerts on? */
export function alarming(rule: FenceRule, inside: boolean): boolean {
  return rule === 'leave' ? !inside : inside;
}

interface Known {
  inside: boolean;
  /** Time of the newest position evaluated (device clock, ms). */
  at: number;
  /** When the database last confirmed it (our clock). */
  checked: number;
}

/**
 * Evaluates stored positions against the enabled fences that cover their user. A position on the
 * alerting side (outside a 'leave' fence, inside a 'stay' fence) when the previous one was not, or
 * when none was known, stores a cross-border record and publishes WallAlert on `dispatch/{entId}`
 * (and ScreenAlert on `screen/{entId}`).
 */
export class FenceMonitor {
  private readonly known = new Map<string, Known>();
  /** Per user: reports are evaluated one after another, in arrival order. */
  private readonly queues = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly cache: FenceCache,
    private readonly now: () => number = Date.now,
  ) {}

  async onStored(ev: Stored): Promise<void> {
    const fences = await this.cache.forUser(ev.entId, ev.userId);
    if (fences.length === 0) return;
    const run = (this.queues.get(ev.userId) ?? Promise.resolve()).then(() => this.evaluate(ev, fences));
    const tail = run.catch(() => undefined);
    this.queues.set(ev.userId, tail);
    void tail.then(() => {
      if (this.queues.get(ev.userId) === tail) this.queues.delete(ev.userId);
    });
    return run;
  }

  /** Forget remembered sides of a fence (restarted, relinked, changed): the database decides next. */
  forgetFence(fenceId: number): void {
    const prefix = `${fenceId}:`;
    for (const key of this.known.keys()) if (key.startsWith(prefix)) this.known.delete(key);
  }

  private async evaluate(ev: Stored, fences: readonly ActiveFence[]): Promise<void> {
    const points = [...ev.points].sort((a, b) => a.time - b.time);
    const alerts: WallAlertFrame[] = [];
    let failure: Error | null = null;
    for (const fence of fences) {
      try {
        for (const p of points) {
          const alert = await this.step(ev, fence, p);
          if (alert) alerts.push(alert);
        }
      } catch (err) {
        // Other fences still run; the first failure reaches the domain events' error log.
        failure ??= err instanceof Error ? err : new Error(String(err));
      }
    }
    // After the commits; live frames, so a failing hub loses the frame, never the record. The
    // large screen's topic gets the same alert (ADR 026).
    for (const alert of alerts) {
      await this.hub.publish(topics.dispatch(ev.entId), WALL_ALERT_KIND, alert).catch(() => undefined);
      await this.hub.publish(topics.screen(ev.entId), SCREEN_ALERT_KIND, alert).catch(() => undefined);
    }
    if (failure) throw failure;
  }

  private async step(ev: Stored, fence: ActiveFence, p: Point): Promise<WallAlertFrame | null> {
    const inside = pointInShape(p, fence.shape);
    const key = `${fence.id}:${ev.userId}`;
    const known = this.known.get(key);
    const now = this.now();
    if (known && now - known.checked < STATE_TRUST_MS) {
      if (p.time < known.at) return null; // older than what was evaluated already
      if (known.inside === inside) {
        known.at = p.time;
        return null;
      }
    }
    const alert = await this.db.transaction(async (tx) => {
      if (!(await moveState(tx, ev.entId, fence.id, ev.userId, inside, p.time))) return null;
      if (!alarming(fence.rule, inside)) return null;
      return insertAlert(tx, { entId: ev.entId, fenceId: fence.id, userId: ev.userId, lng: p.lng, lat: p.lat, ip: ev.ip, atMs: p.time });
    });
    this.remember(key, { inside, at: p.time, checked: now });
    return alert;
  }

  private remember(key: string, state: Known): void {
    this.known.delete(key);
    // Oldest first out: a Map iterates in insertion order.
    if (this.known.size >= STATES_MAX) this.known.delete(this.known.keys().next().value!);
    this.known.set(key, state);
  }
}
