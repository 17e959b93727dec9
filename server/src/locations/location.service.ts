import {
  LOCATION_FUTURE_TOLERANCE_MS,
  LOCATION_MAX_AGE_MS,
  ServerCode,
  can,
  type LatestPosition,
  type LocationAccepted,
  type LocationPoint,
  type LocationReport,
  type Track,
  type UserStatus,
  type locationReportBodySchema,
} from '@ptt/contracts';
import type { z } from 'zod';
import { forbidden, notFound, ruleError, type Caller } from '../http/caller';
import type { CoreDeps } from '../core-deps';
import { LocationFanout } from './location-fanout';
import { LocationRepository } from './location.repository';
import { LocationWriter, type LocationRow } from './location-writer';
import { toWgs84 } from './wgs84';

type ReportBody = z.output<typeof locationReportBodySchema>;

/** Whose points these are: a REST caller or a socket's session. */
export interface Reporter {
  entId: number;
  userId: number;
  /** A REST caller's address (sockets have none). */
  ip?: string | null;
}

export function reportPoints(body: ReportBody): LocationReport[] {
  return 'points' in body ? body.points : [body];
}

/**
 * Positions: accepted points are converted to WGS-84, published at once (live telemetry should not
 * wait for the database) and queued for the batched write. Reads: a member's track, and the latest
 * position of every member for the map.
 */
export class LocationService {
  private readonly writer: LocationWriter;
  private readonly fanout: LocationFanout;
  private readonly repo: LocationRepository;

  constructor(private readonly deps: Pick<CoreDeps, 'db' | 'hub' | 'presence' | 'events'>) {
    this.writer = new LocationWriter(deps.db);
    this.fanout = new LocationFanout(deps.hub);
    this.repo = new LocationRepository(deps.db);
  }

  /**
   * Takes valid reports of one user. Points stamped more than 5 minutes ahead of our clock or older
   * than 7 days are ignored (a wrong device clock, a stale buffer): they would put a wrong point at
   * the end of a track. `stored` settles when the accepted points are committed.
   */
  accept(who: Reporter, reports: readonly LocationReport[], now = Date.now()): LocationAccepted & { stored: Promise<void> } {
    const rows: LocationRow[] = [];
    for (const p of reports) {
      if (p.time > now + LOCATION_FUTURE_TOLERANCE_MS || p.time < now - LOCATION_MAX_AGE_MS) continue;
      const [lng, lat] = toWgs84(p.lng, p.lat, p.coord);
      rows.push({
        entId: who.entId,
        userId: who.userId,
        lng,
        lat,
        speed: p.speed ?? null,
        heading: p.heading ?? null,
        accuracy: p.accuracy ?? null,
        altitude: p.altitude ?? null,
        time: p.time,
      });
    }
    // Throws 600 when the write queue is full: then nothing is published either.
    const stored = this.writer.add(rows);
    this.fanout.add(who.entId, rows.map(livePoint));
    if (rows.length > 0) {
      // After the commit, without holding up the answer (geofences listen; listeners never throw).
      const event = { entId: who.entId, userId: who.userId, points: rows.map(({ lng, lat, time }) => ({ lng, lat, time })), ip: who.ip ?? null };
      void stored.then(() => this.deps.events.emit('location.stored', event), () => undefined);
    }
    return { accepted: rows.length, ignored: reports.length - rows.length, stored };
  }

  async report(caller: Caller, body: ReportBody): Promise<LocationAccepted> {
    const { accepted, ignored, stored } = this.accept(caller, reportPoints(body));
    await stored;
    return { accepted, ignored };
  }

  /** Staff read anyone of the enterprise; a member only themselves. */
  async track(caller: Caller, userId: number, from?: number, to?: number): Promise<Track> {
    if (userId !== caller.userId && !can(caller.role, 'location.read')) throw forbidden();
    if (!(await this.repo.userExists(caller.entId, userId))) throw notFound('user');
    const points = await this.repo.track(caller.entId, userId, from, to);
    if (points.length === 0) throw ruleError(ServerCode.NotFound, 'noTrack');
    return { uid: userId, points: points.map((p) => ({ ...p, coord: 0 as const })) };
  }

  async latest(caller: Caller): Promise<LatestPosition[]> {
    const [rows, online] = await Promise.all([this.repo.latest(caller.entId), this.deps.presence.statuses(caller.entId)]);
    const status = new Map<number, UserStatus>(online.map((s) => [s.uid, s.status]));
    return rows.map((r) => ({ ...r, coord: 0 as const, status: status.get(r.uid) ?? 'offline' }));
  }
}

function livePoint(r: LocationRow): LocationPoint {
  const point: LocationPoint = { uid: r.userId, lng: r.lng, lat: r.lat, coord: 0, time: r.time };
  if (r.speed !== null) point.speed = r.speed;
  if (r.heading !== null) point.heading = r.heading;
  return point;
}
