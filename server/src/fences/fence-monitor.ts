import { SCREEN_ALERT_KIND, WALL_ALERT_KIND, topics, type WallAlertFrame } from '@ptt/contracts';
import type { Db } from '../db/db';
import type { DomainEventMap } from '../events/domain-events';
import type { Hub } from '../ws/hub';
import { Batcher } from './batcher';
import type { ActiveFence, FenceCache } from './fence-cache';
import { sameState, stepFence, type FenceState } from './fence-rules';
import { StateMemory, type Known } from './fence-memory';
import { FenceStats } from './fence-stats';
import { readStates, storeChanges, type NewAlert, type StateWrite, type StoredState } from './fence-state.repository';

type Stored = DomainEventMap['location.stored'];
type Point = Stored['points'][number];

/**
 * How long a node trusts the state it remembers for a (fence, user) before reading the database
 * again, on PostgreSQL: the database holds the truth for several nodes; the memory spares a query
 * per point while nothing changes. On PGlite the process is the database's only user, and every
 * change it makes itself (the monitor's writes, the fence service's resets, which call
 * `forgetFence`) reaches the memory, so it is trusted until evicted: re-reading 90,000 states a
 * minute would cost PGlite, which runs on the server's own thread, seconds of that minute.
 */
export const STATE_TRUST_MS = 60_000;
/** Up to this much less, at random per member: members first seen together (a restart) are not
 *  all read again in the same few seconds a minute later. */
const TRUST_JITTER_MS = 20_000;
const STATES_MAX = 200_000;
/** Steps from the stored row again when another node changed it first; more races than this are
 *  not plausible for one member's report. */
const WRITE_ATTEMPTS = 3;

interface ReadRequest {
  userId: number;
  fenceIds: number[];
}

interface WriteRequest {
  userId: number;
  writes: StateWrite[];
  alerts: NewAlert[];
}

interface WriteResult {
  /** Fence ids whose state was written (the others lost a race: step again). */
  written: Set<number>;
  frames: WallAlertFrame[];
}

interface Warm {
  fences: readonly ActiveFence[];
  timeZone: string;
  outcomes: Outcome[];
}

interface Outcome {
  fence: ActiveFence;
  known: Known;
  state: FenceState | null;
  /** Points that raised an alert. */
  alertAt: Point[];
  changed: boolean;
}

/**
 * Evaluates stored positions against the enabled fences covering their user with the pure step of
 * ADR 027 (drift, dwell, schedule). A state that changed is written conditionally, with its alert
 * records in the same transaction; after the commit WallAlert goes out on `dispatch/{entId}` (and
 * ScreenAlert on `screen/{entId}`).
 */
export class FenceMonitor {
  private readonly known = new StateMemory(STATES_MAX);
  /** Per user: reports are evaluated one after another, in arrival order. */
  private readonly queues = new Map<number, Promise<void>>();
  readonly stats = new FenceStats();
  /** The state reads, and the state writes with their alerts, of the reports of one moment. */
  private readonly reads: Batcher<ReadRequest, StoredState[]>;
  private readonly writes: Batcher<WriteRequest, WriteResult>;
  private readonly trustMs: number;
  /** Users whose untrusted states are being read in the background. */
  private readonly refreshing = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly cache: FenceCache,
    private readonly now: () => number = Date.now,
  ) {
    this.trustMs = db.kind === 'pglite' ? Infinity : STATE_TRUST_MS;
    this.reads = new Batcher((reqs) => this.readRound(reqs));
    this.writes = new Batcher((reqs) => this.writeRound(reqs));
  }

  /**
   * A report's positions were stored. Most reports change no state (the member stays on their
   * sides): with the fences loaded and every state remembered they are evaluated right here, in
   * the turn that stored them, instead of a chain of awaits that would finish only after every
   * other report of the same location batch. A report that changes a state from there hands its
   * write over at once too. The rest (a state to read, fences loading, an earlier report of the
   * member still being evaluated) go the asynchronous way, after the user's earlier reports.
   */
  onStored(ev: Stored): Promise<void> | undefined {
    const started = performance.now();
    this.stats.add(ev.entId, 'reports');
    const warm = this.queues.has(ev.userId) ? null : this.cache.peek(ev.entId, ev.userId);
    const stepped = warm && (warm.fences.length === 0 ? { outcomes: [], stale: [] } : this.stepRemembered(ev, warm.fences, warm.timeZone));
    if (warm && stepped) {
      const { outcomes, stale } = stepped;
      if (stale.length > 0) void this.refresh(ev, stale);
      if (!outcomes.some((o) => o.changed)) {
        for (const o of outcomes) o.known.state = o.state; // only `at` moved
        this.stats.add(ev.entId, 'evaluations', outcomes.length * ev.points.length);
        this.stats.time(ev.entId, performance.now() - started, false);
        return undefined;
      }
      return this.evaluateLater(ev, started, { ...warm, outcomes });
    }
    return this.evaluateLater(ev, started, null);
  }

  /**
   * Queued behind the user's earlier reports at once (synchronously), so a later report of the
   * same batch cannot take the quick way past it. With `warm` (nothing queued, outcomes stepped
   * from memory) the evaluation starts now, so its write joins the current round.
   */
  private async evaluateLater(ev: Stored, started: number, warm: Warm | null): Promise<void> {
    const job = async () => {
      if (warm) return this.evaluate(ev, warm.fences, warm.timeZone, warm.outcomes);
      const { fences, timeZone } = await this.cache.forUser(ev.entId, ev.userId);
      if (fences.length > 0) await this.evaluate(ev, fences, timeZone, null);
    };
    const previous = this.queues.get(ev.userId);
    const run = previous ? previous.then(job) : job();
    const tail = run.catch(() => undefined);
    this.queues.set(ev.userId, tail);
    void tail.then(() => {
      if (this.queues.get(ev.userId) === tail) this.queues.delete(ev.userId);
    });
    try {
      await run;
    } catch (err) {
      this.stats.add(ev.entId, 'failures');
      throw err;
    } finally {
      this.stats.time(ev.entId, performance.now() - started, true);
    }
  }

  /**
   * The steps of every fence from remembered states (null if one is not remembered), and the fences
   * whose state is no longer trusted (to be read again in the background).
   */
  private stepRemembered(ev: Stored, fences: readonly ActiveFence[], timeZone: string): { outcomes: Outcome[]; stale: ActiveFence[] } | null {
    const now = this.now();
    const points = sortedPoints(ev);
    const outcomes: Outcome[] = [];
    const stale: ActiveFence[] = [];
    for (const fence of fences) {
      const known = this.known.get(ev.userId, fence.id);
      if (!known) return null;
      if (now - known.checked >= this.trustMs) stale.push(fence);
      outcomes.push(this.run(ev, fence, points, timeZone));
    }
    return { outcomes, stale };
  }

  /** Forget remembered states of a fence (restarted, relinked, changed): the database decides next. */
  forgetFence(fenceId: number): void {
    this.known.forgetFence(fenceId);
  }

  /** `first`: the first attempt's outcomes, already stepped from memory. */
  private async evaluate(ev: Stored, fences: readonly ActiveFence[], timeZone: string, first: Outcome[] | null): Promise<void> {
    const points = sortedPoints(ev);
    const alerts: WallAlertFrame[] = [];
    let pending = fences;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS && pending.length > 0; attempt++) {
      let outcomes = attempt === 0 ? first : null;
      if (!outcomes) {
        await this.recall(ev, pending, attempt > 0);
        outcomes = pending.map((fence) => this.run(ev, fence, points, timeZone));
      }
      this.stats.add(ev.entId, 'evaluations', outcomes.length * points.length);
      for (const o of outcomes) if (!o.changed) o.known.state = o.state; // only `at` moved: memory only
      const lost = await this.store(ev, outcomes.filter((o) => o.changed), alerts);
      pending = lost;
    }
    if (pending.length > 0) this.stats.add(ev.entId, 'conflicts', pending.length);
    // After the commits; live frames, so a failing hub loses the frame, never the record. The
    // large screen's topic gets the same alert (ADR 026).
    for (const alert of alerts) {
      await this.hub.publish(topics.dispatch(ev.entId), WALL_ALERT_KIND, alert).catch(() => undefined);
      await this.hub.publish(topics.screen(ev.entId), SCREEN_ALERT_KIND, alert).catch(() => undefined);
    }
    this.stats.add(ev.entId, 'alerts', alerts.length);
  }

  /** Reads the stored states the memory lacks or no longer trusts (all of them with `force`), in one query. */
  private async recall(ev: Stored, fences: readonly ActiveFence[], force: boolean): Promise<void> {
    const now = this.now();
    const need = fences.filter((f) => {
      const k = this.known.get(ev.userId, f.id);
      return force || !k || now - k.checked >= this.trustMs;
    });
    if (need.length > 0) await this.read(ev, need, null);
  }

  /**
   * Reads remembered states that are no longer trusted without holding up the report that found
   * them (it was evaluated from memory): a change computed from an outdated state would be refused
   * by the conditional write and stepped again anyway, so memory may lag one report behind.
   */
  private async refresh(ev: Stored, fences: readonly ActiveFence[]): Promise<void> {
    if (this.refreshing.has(ev.userId)) return;
    this.refreshing.add(ev.userId);
    try {
      await this.read(ev, fences, new Map(fences.map((f) => [f.id, this.known.get(ev.userId, f.id)])));
    } catch {
      // The next report of the member tries again.
    } finally {
      this.refreshing.delete(ev.userId);
    }
  }

  /**
   * Reads these fences' states of the report's user into memory (one request of the moment's read
   * round). `unless`: the memory entries seen before reading; one replaced meanwhile (a write of
   * this node) is newer than what was read and is kept.
   */
  private async read(ev: Stored, fences: readonly ActiveFence[], unless: Map<number, Known | undefined> | null): Promise<void> {
    const rows = new Map((await this.reads.submit({ userId: ev.userId, fenceIds: fences.map((f) => f.id) })).map((r) => [r.fenceId, r]));
    this.stats.add(ev.entId, 'stateReads');
    const checked = this.now() - Math.floor(Math.random() * TRUST_JITTER_MS);
    for (const f of fences) {
      const k = this.known.get(ev.userId, f.id);
      if (unless && unless.get(f.id) !== k) continue;
      const row = rows.get(f.id);
      const version = row?.version ?? null;
      // Nobody wrote since: the memory is the same state, but knows newer points.
      if (k && k.version === version) k.checked = checked;
      else this.known.set(ev.userId, f.id, { state: row?.state ?? null, version, checked });
    }
  }


  /** The pure steps of one fence over the report's points, from the remembered state. */
  private run(ev: Stored, fence: ActiveFence, points: readonly Point[], timeZone: string): Outcome {
    const known = this.known.get(ev.userId, fence.id) ?? { state: null, version: null, checked: this.now() };
    let state = known.state;
    const alertAt: Point[] = [];
    for (const p of points) {
      const step = stepFence(state, p, fence, timeZone);
      if (step.alert) alertAt.push(p);
      state = step.state;
    }
    return { fence, known, state, alertAt, changed: alertAt.length > 0 || !sameState(known.state, state) };
  }

  /**
   * Writes the changed states with their alerts (in the round's one transaction). A row that another
   * node (or a newer point) changed first is not written, its alerts neither: those fences are
   * returned to be stepped again from the stored row.
   */
  private async store(ev: Stored, changed: readonly Outcome[], alerts: WallAlertFrame[]): Promise<ActiveFence[]> {
    if (changed.length === 0) return [];
    const { written, frames } = await this.writes.submit({
      userId: ev.userId,
      writes: changed.map((o) => ({ entId: ev.entId, fenceId: o.fence.id, userId: ev.userId, state: o.state!, version: o.known.version })),
      alerts: changed.flatMap((o) => o.alertAt.map((p) => ({ entId: ev.entId, fenceId: o.fence.id, userId: ev.userId, lng: p.lng, lat: p.lat, ip: ev.ip, atMs: p.time }))),
    });
    alerts.push(...frames);
    this.stats.add(ev.entId, 'stateWrites', written.size);
    const now = this.now();
    const lost: Outcome[] = [];
    for (const o of changed) {
      if (written.has(o.fence.id)) this.known.set(ev.userId, o.fence.id, { state: o.state, version: o.state!.at, checked: now });
      else lost.push(o);
    }
    for (const o of lost) this.known.delete(ev.userId, o.fence.id);
    return lost.map((o) => o.fence);
  }

  private async readRound(reqs: ReadRequest[]): Promise<StoredState[][]> {
    const rows = await readStates(this.db, reqs.flatMap((r) => r.fenceIds.map((fenceId) => ({ fenceId, userId: r.userId }))));
    const byUser = new Map<number, StoredState[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    return reqs.map((r) => (byUser.get(r.userId) ?? []).filter((row) => r.fenceIds.includes(row.fenceId)));
  }

  private async writeRound(reqs: WriteRequest[]): Promise<WriteResult[]> {
    const { written, frames } = await storeChanges(this.db, reqs.flatMap((r) => r.writes), reqs.flatMap((r) => r.alerts));
    return reqs.map((r) => ({
      written: new Set(r.writes.filter((w) => written.has(`${w.fenceId}:${w.userId}`)).map((w) => w.fenceId)),
      frames: frames.filter((f) => f.uid === r.userId),
    }));
  }
}

const sortedPoints = (ev: Stored) => (ev.points.length === 1 ? ev.points : [...ev.points].sort((a, b) => a.time - b.time));
