import type { LoginRecord, OperationRecord, loginRecordQuerySchema, operationRecordQuerySchema } from '@ptt/contracts';
import type { z } from 'zod';
import type { Db } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';

type LoginQuery = z.output<typeof loginRecordQuerySchema>;
type OperationQuery = z.output<typeof operationRecordQuerySchema>;

function timeRange(w: Where, column: string, from?: number, to?: number): void {
  if (from !== undefined) w.add(`${column} >= to_timestamp(?::double precision / 1000)`, from);
  if (to !== undefined) w.add(`${column} < to_timestamp(?::double precision / 1000)`, to);
}

/** Login and operation records of an enterprise; `onlyUser` narrows to one user whatever the query says. */
export class RecordRepository {
  constructor(private readonly db: Db) {}

  logins(entId: number, q: LoginQuery, onlyUser?: number) {
    const w = new Where().add('r.ent_id = ?', entId);
    const userId = onlyUser ?? q.userId;
    if (userId) w.add('r.user_id = ?', userId);
    if (q.abnormal !== undefined) w.add('r.abnormal = ?', q.abnormal);
    if (q.q) w.add('(u.account ilike ? or u.nickname ilike ? or r.ip ilike ?)', Where.contains(q.q), Where.contains(q.q), Where.contains(q.q));
    timeRange(w, 'r.created_at', q.from, q.to);
    return fetchPage<LoginRecord>(this.db, {
      columns: `r.id, r.user_id as "userId", u.account, u.nickname, ${iso('r.created_at')} as time, r.device, r.platform,
                r.ip, r.lng, r.lat, r.abnormal`,
      from: 'login_records r join users u on u.id = r.user_id',
      where: w,
      sortColumns: { time: 'r.created_at', account: 'lower(u.account)' },
      tieBreak: 'r.id',
      page: q,
    });
  }

  operations(entId: number, q: OperationQuery, onlyUser?: number) {
    const w = new Where().add('o.ent_id = ?', entId);
    const userId = onlyUser ?? q.userId;
    if (userId) w.add('o.user_id = ?', userId);
    if (q.type !== undefined) w.add('o.type = ?', q.type);
    if (q.q) w.add('(o.account ilike ? or o.ip ilike ?)', Where.contains(q.q), Where.contains(q.q));
    timeRange(w, 'o.created_at', q.from, q.to);
    return fetchPage<OperationRecord>(this.db, {
      columns: `o.id, o.user_id as "userId", o.account, o.type, o.device, o.ip, ${iso('o.created_at')} as time, o.detail`,
      from: 'operation_logs o',
      where: w,
      sortColumns: { time: 'o.created_at', type: 'o.type', account: 'lower(o.account)' },
      tieBreak: 'o.id',
      page: q,
    });
  }
}
