import type { SosEvent, SosEventType } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { iso } from '../db/sql';

interface EventRow {
  id: number;
  sosId: number;
  type: SosEventType;
  byId: number | null;
  byNickname: string | null;
  at: string;
  note: string | null;
}

/** An SOS's timeline (ADR 025): what happened, who did it, when. */
export class SosEventRepository {
  constructor(private readonly db: Queryable) {}

  /** `userId`: the staff member who acted; null for the raiser's own raise and move. */
  async add(entId: number, sosId: number, type: SosEventType, userId: number | null, note: string | null = null): Promise<void> {
    await this.db.query('insert into sos_events (ent_id, sos_id, type, user_id, note) values ($1, $2, $3, $4, $5)', [entId, sosId, type, userId, note]);
  }

  /** In the order they happened: every writer updates the SOS row first and adds its event in the
   *  same transaction, so the row lock orders one SOS's event ids. */
  async list(entId: number, sosId: number): Promise<SosEvent[]> {
    const r = await this.db.query<EventRow>(
      `select e.id, e.sos_id as "sosId", e.type, e.user_id as "byId", u.nickname as "byNickname", ${iso('e.at')} as at, e.note
         from sos_events e left join users u on u.id = e.user_id
        where e.ent_id = $1 and e.sos_id = $2 order by e.id`,
      [entId, sosId],
    );
    return r.rows.map((e) => ({
      id: e.id,
      sosId: e.sosId,
      type: e.type,
      by: e.byId === null ? null : { id: e.byId, nickname: e.byNickname ?? '' },
      at: e.at,
      note: e.note,
    }));
  }
}
