import { TRACK_MAX_POINTS, type TrackPoint } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { Where } from '../db/paging';
import { iso } from '../db/sql';

export interface LatestRow extends Omit<TrackPoint, 'coord'> {
  uid: number;
  account: string;
  nickname: string;
}

const POINT_COLUMNS = `lng, lat, ${iso('reported_at')} as time, speed, heading, accuracy, altitude`;

/** Reads of stored positions (writes go through LocationWriter); every query names the enterprise. */
export class LocationRepository {
  constructor(private readonly db: Queryable) {}

  async userExists(entId: number, userId: number): Promise<boolean> {
    const r = await this.db.query('select 1 from users where ent_id = $1 and id = $2', [entId, userId]);
    return r.rows.length > 0;
  }

  /** The newest TRACK_MAX_POINTS points in the range, returned oldest first. */
  async track(entId: number, userId: number, from?: number, to?: number): Promise<Omit<TrackPoint, 'coord'>[]> {
    const w = new Where().add('ent_id = ?', entId).add('user_id = ?', userId);
    if (from !== undefined) w.add('reported_at >= to_timestamp(?::double precision / 1000)', from);
    if (to !== undefined) w.add('reported_at < to_timestamp(?::double precision / 1000)', to);
    const limitAt = w.params.length + 1;
    const r = await this.db.query<Omit<TrackPoint, 'coord'>>(
      `select ${POINT_COLUMNS} from (
         select id, lng, lat, reported_at, speed, heading, accuracy, altitude from locations ${w.sql()}
          order by reported_at desc, id desc limit $${limitAt}
       ) newest order by reported_at, id`,
      [...w.params, TRACK_MAX_POINTS],
    );
    return r.rows;
  }

  async latest(entId: number): Promise<LatestRow[]> {
    const r = await this.db.query<LatestRow>(
      `select p.user_id as uid, u.account, u.nickname, p.lng, p.lat, ${iso('p.reported_at')} as time,
              p.speed, p.heading, p.accuracy, p.altitude
         from latest_positions p join users u on u.id = p.user_id and u.ent_id = p.ent_id
        where p.ent_id = $1 order by p.user_id`,
      [entId],
    );
    return r.rows;
  }
}
