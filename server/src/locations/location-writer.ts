import { ServerCode } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { AppError } from '../http/app-error';

/** One accepted point, already WGS-84. `time` is the device's clock in ms. */
export interface LocationRow {
  entId: number;
  userId: number;
  lng: number;
  lat: number;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  altitude: number | null;
  time: number;
}

export interface WriterOptions {
  /** How long the first point of a quiet period waits for others before the insert. */
  windowMs: number;
  /** Rows per statement. */
  batchMax: number;
  /** Rows waiting at most; beyond this the database is not keeping up and reports get 600. */
  queueMax: number;
}

export const WRITER_DEFAULTS: WriterOptions = { windowMs: 100, batchMax: 500, queueMax: 50_000 };

interface Batch {
  rows: LocationRow[];
  done: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

// One statement per batch: the rows travel as one JSON parameter (no 65,535-parameter limit, one
// plan), every point goes into `locations`, and the newest point per user of the batch replaces the
// stored latest one unless that one is newer (points can arrive out of order). Rows of users that
// no longer exist in their enterprise are dropped by the join instead of failing the batch.
const INSERT_SQL = `
with r as (
  select * from jsonb_to_recordset($1::jsonb) as r(ent_id int, user_id int, lng float8, lat float8, speed float8,
                                                   heading float8, accuracy float8, altitude float8, t bigint)
), v as (
  select r.ent_id, r.user_id, d.id as device_id, r.lng, r.lat, r.speed, r.heading, r.accuracy, r.altitude,
         timestamptz 'epoch' + r.t * interval '1 millisecond' as reported_at
    from r
    join users u on u.id = r.user_id and u.ent_id = r.ent_id
    left join devices d on d.user_id = r.user_id and d.ent_id = r.ent_id
), ins as (
  insert into locations (ent_id, user_id, device_id, lng, lat, speed, heading, accuracy, altitude, reported_at)
  select ent_id, user_id, device_id, lng, lat, speed, heading, accuracy, altitude, reported_at from v
)
insert into latest_positions (user_id, ent_id, device_id, lng, lat, speed, heading, accuracy, altitude, reported_at)
select distinct on (user_id) user_id, ent_id, device_id, lng, lat, speed, heading, accuracy, altitude, reported_at
  from v order by user_id, reported_at desc
on conflict (user_id) do update set
  ent_id = excluded.ent_id, device_id = excluded.device_id, lng = excluded.lng, lat = excluded.lat,
  speed = excluded.speed, heading = excluded.heading, accuracy = excluded.accuracy, altitude = excluded.altitude,
  reported_at = excluded.reported_at, received_at = now()
where latest_positions.reported_at <= excluded.reported_at`;

function toJson(rows: readonly LocationRow[]): string {
  return JSON.stringify(
    rows.map((p) => ({
      ent_id: p.entId,
      user_id: p.userId,
      lng: p.lng,
      lat: p.lat,
      speed: p.speed,
      heading: p.heading,
      accuracy: p.accuracy,
      altitude: p.altitude,
      t: p.time,
    })),
  );
}

/**
 * Batched writes of positions, so ~1000 points/s cost ~10 statements/s instead of 1000. A point
 * waits at most `windowMs` when the database is idle; while an insert runs, new points gather into
 * the next batch (up to `batchMax`), so under load inserts run back to back without waiting. One
 * insert at a time keeps the order of batches and bounds connections used.
 */
export class LocationWriter {
  private readonly batches: Batch[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: Queryable,
    private readonly opts: WriterOptions = WRITER_DEFAULTS,
  ) {}

  /**
   * Queues rows; the promise resolves once they are committed and rejects if their batch failed.
   * Throws 600 'service busy' at once when the queue is full, so nothing is published for them.
   */
  add(rows: readonly LocationRow[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    if (this.queued + rows.length > this.opts.queueMax) throw new AppError(ServerCode.ServiceBusy);
    const touched = new Set<Batch>();
    for (const row of rows) {
      let batch = this.batches[this.batches.length - 1];
      if (!batch || batch.rows.length >= this.opts.batchMax) {
        batch = newBatch();
        this.batches.push(batch);
      }
      batch.rows.push(row);
      touched.add(batch);
    }
    this.queued += rows.length;
    this.schedule();
    return Promise.all([...touched].map((b) => b.done)).then(() => undefined);
  }

  private schedule(): void {
    // A running loop drains whatever is queued when its insert ends.
    if (this.running || this.timer) return;
    const full = this.batches.length > 1 || (this.batches[0]?.rows.length ?? 0) >= this.opts.batchMax;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, full ? 0 : this.opts.windowMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      for (let batch = this.batches.shift(); batch; batch = this.batches.shift()) {
        this.queued -= batch.rows.length;
        try {
          await this.db.query(INSERT_SQL, [toJson(batch.rows)]);
          batch.resolve();
        } catch (err) {
          batch.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Callers await `done` through `add`; this keeps a failed batch from also being "unhandled".
  done.catch(() => undefined);
  return { rows: [], done, resolve, reject };
}
