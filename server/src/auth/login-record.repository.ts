import type { Queryable } from '../db/db';

export interface NewLoginRecord {
  entId: number;
  userId: number;
  device: string | null;
  ip: string | null;
  platform: string;
  lng: number | null;
  lat: number | null;
}

// Faster than an airliner between two logins means the position (or the account) is not to be trusted.
const MAX_PLAUSIBLE_KMH = 900;
const EARTH_RADIUS_KM = 6371;

export function distanceKm(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The abnormal flag of a login's GPS position: (0, 0), or a jump from the previous located login
 * that would need more than 900 km/h.
 */
export function isAbnormalPosition(
  pos: { lng: number; lat: number },
  previous: { lng: number; lat: number; at: Date } | null,
  now: Date,
): boolean {
  if (pos.lng === 0 && pos.lat === 0) return true;
  if (!previous) return false;
  const hours = Math.max((now.getTime() - previous.at.getTime()) / 3_600_000, 1 / 60);
  return distanceKm(previous, pos) / hours > MAX_PLAUSIBLE_KMH;
}

export class LoginRecordRepository {
  constructor(private readonly db: Queryable) {}

  async add(r: NewLoginRecord, now: Date = new Date()): Promise<void> {
    let abnormal = false;
    if (r.lng !== null && r.lat !== null) {
      const prev = await this.db.query<{ lng: number; lat: number; at: Date }>(
        `select lng, lat, created_at as at from login_records
          where user_id = $1 and lng is not null and lat is not null order by created_at desc limit 1`,
        [r.userId],
      );
      abnormal = isAbnormalPosition({ lng: r.lng, lat: r.lat }, prev.rows[0] ?? null, now);
    }
    await this.db.query(
      `insert into login_records (ent_id, user_id, device, ip, platform, lng, lat, abnormal)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.entId, r.userId, r.device, r.ip, r.platform, r.lng, r.lat, abnormal],
    );
  }
}
