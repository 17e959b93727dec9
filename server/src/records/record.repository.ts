import type { LoginRecord, OperationRecord, loginRecordQuerySchema, operationRecordQuerySchema } from '@ptt/contracts';
import type { z } from 'zod';
import type { Db } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';

type LoginQuery = z.output<typeof loginRecordQuerySchema>;
type OperationQuery = z.output<typeof operationRecordQuerySchema>;

/** `from` inclusive, `to` exclusive, both ms since the epoch. */
export function timeRange(w: Where, column: string, from?: number, to?: number): Where {
  if (from !== undefined) w.add(`${column} >= to_timestamp(?::double precision / 1000)`, from);
  if (to !== undefined) w.add(`${column} < to_timestamp(?::double precision / 1000)`, to);
  return w;
}

/** The stored device text (a user agent, a handset's name) contains `device`, any case. */
export function deviceFilter(w: Where, column: string, device?: string): Where {
  if (device) w.add(`${column} ilike ?`, Where.contains(device));
  return w;
}

// The lists' filters, shared with their exports (records/record-exports.ts) so a file holds
// exactly the rows the screen shows.
export type LoginFilter = Omit<LoginQuery, 'page' | 'size' | 'sort' | 'order'>;
export type OperationFilter = Omit<Partial<OperationQuery>, 'page' | 'size' | 'sort' | 'order'>;

export const LOGIN_FROM = 'login_records r join users u on u.id = r.user_id';
export const LOGIN_SORTS: Record<string, string> = { time: 'r.created_at', account: 'lower(u.account)' };
export const OPERATION_SORTS: Record<string, string> = { time: 'o.created_at', type: 'o.type', account: 'lower(o.account)' };

export function loginWhere(entId: number, q: LoginFilter, onlyUser?: number): Where {
  const w = new Where().add('r.ent_id = ?', entId);
  const userId = onlyUser ?? q.userId;
  if (userId) w.add('r.user_id = ?', userId);
  if (q.abnormal !== undefined) w.add('r.abnormal = ?', q.abnormal);
  if (q.q) w.add('(u.account ilike ? or u.nickname ilike ? or r.ip ilike ?)', Where.contains(q.q), Where.contains(q.q), Where.contains(q.q));
  deviceFilter(w, 'r.device', q.device);
  return timeRange(w, 'r.created_at', q.from, q.to);
}

export function operationWhere(entId: number, q: OperationFilter, onlyUser?: number): Where {
  const w = new Where().add('o.ent_id = ?', entId);
  const userId = onlyUser ?? q.userId;
  if (userId) w.add('o.user_id = ?', userId);
  if (q.type !== undefined) w.add('o.type = ?', q.type);
  if (q.q) w.add('(o.account ilike ? or o.ip ilike ?)', Where.contains(q.q), Where.contains(q.q));
  deviceFilter(w, 'o.device', q.device);
  return timeRange(w, 'o.created_at', q.from, q.to);
}

/** Login and operation records of an enterprise; `onlyUser` narrows to one user whatever the query says. */
export class RecordRepository {
  constructor(private readonly db: Db) {}

  logins(entId: number, q: LoginQuery, onlyUser?: number) {
    const w = loginWhere(entId, q, onlyUser);
    return fetchPage<LoginRecord>(this.db, {
      columns: `r.id, r.user_id as "userId", u.account, u.nickname, ${iso('r.created_at')} as time, r.device, r.platform,
                r.ip, r.lng, r.lat, r.abnormal`,
      from: LOGIN_FROM,
      where: w,
      sortColumns: LOGIN_SORTS,
      tieBreak: 'r.id',
      page: q,
      // Every login record's user is of its enterprise (users are never moved, migration 014):
      // the count needs no join unless the search reads the user's names.
      ...(q.q ? {} : { count: { from: 'login_records r', where: w } }),
    });
  }

  operations(entId: number, q: OperationQuery, onlyUser?: number) {
    return fetchPage<OperationRecord>(this.db, {
      columns: `o.id, o.user_id as "userId", o.account, o.type, o.device, o.ip, ${iso('o.created_at')} as time, o.detail`,
      from: 'operation_logs o',
      where: operationWhere(entId, q, onlyUser),
      sortColumns: OPERATION_SORTS,
      tieBreak: 'o.id',
      page: q,
    });
  }
}
