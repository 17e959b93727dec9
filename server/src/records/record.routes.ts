import {
  loginRecordQuerySchema,
  loginRecordSchema,
  operationRecordQuerySchema,
  operationRecordSchema,
  ownOperationQuerySchema,
  ownSosQuerySchema,
  pageSchema,
  sosRecordSchema,
  type LoginRecord,
  type OperationRecord,
} from '@ptt/contracts';
import type { z } from 'zod';
import type { Db } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';
import { defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';
import { SosRepository } from '../sos/sos.repository';

type LoginQuery = z.output<typeof loginRecordQuerySchema>;
type OperationQuery = z.output<typeof operationRecordQuerySchema>;

function timeRange(w: Where, column: string, from?: number, to?: number): void {
  if (from !== undefined) w.add(`${column} >= to_timestamp(?::double precision / 1000)`, from);
  if (to !== undefined) w.add(`${column} < to_timestamp(?::double precision / 1000)`, to);
}

function loginRecords(db: Db, entId: number, q: LoginQuery, onlyUser?: number) {
  const w = new Where().add('r.ent_id = ?', entId);
  const userId = onlyUser ?? q.userId;
  if (userId) w.add('r.user_id = ?', userId);
  if (q.abnormal !== undefined) w.add('r.abnormal = ?', q.abnormal);
  if (q.q) w.add('(u.account ilike ? or u.nickname ilike ? or r.ip ilike ?)', Where.contains(q.q), Where.contains(q.q), Where.contains(q.q));
  timeRange(w, 'r.created_at', q.from, q.to);
  return fetchPage<LoginRecord>(db, {
    columns: `r.id, r.user_id as "userId", u.account, u.nickname, ${iso('r.created_at')} as time, r.device, r.platform,
              r.ip, r.lng, r.lat, r.abnormal`,
    from: 'login_records r join users u on u.id = r.user_id',
    where: w,
    sortColumns: { time: 'r.created_at', account: 'lower(u.account)' },
    tieBreak: 'r.id',
    page: q,
  });
}

function operationRecords(db: Db, entId: number, q: OperationQuery, onlyUser?: number) {
  const w = new Where().add('o.ent_id = ?', entId);
  const userId = onlyUser ?? q.userId;
  if (userId) w.add('o.user_id = ?', userId);
  if (q.type !== undefined) w.add('o.type = ?', q.type);
  if (q.q) w.add('(o.account ilike ? or o.ip ilike ?)', Where.contains(q.q), Where.contains(q.q));
  timeRange(w, 'o.created_at', q.from, q.to);
  return fetchPage<OperationRecord>(db, {
    columns: `o.id, o.user_id as "userId", o.account, o.type, o.device, o.ip, ${iso('o.created_at')} as time, o.detail`,
    from: 'operation_logs o',
    where: w,
    sortColumns: { time: 'o.created_at', type: 'o.type', account: 'lower(o.account)' },
    tieBreak: 'o.id',
    page: q,
  });
}

export function recordRoutes({ db }: ModuleDeps): RouteDef[] {
  const sos = new SosRepository(db);
  return [
    defineRoute({
      method: 'GET', url: '/api/records/logins', summary: 'Login records of the enterprise (time, device, GPS with abnormal flag, ip)',
      tag: 'records', auth: 'record.login.read', query: loginRecordQuerySchema, response: pageSchema(loginRecordSchema),
      handler: ({ caller, query }) => loginRecords(db, caller.entId, query),
    }),
    defineRoute({
      method: 'GET', url: '/api/me/login-records', summary: "The caller's own login records",
      tag: 'me', auth: 'self.read', query: loginRecordQuerySchema, response: pageSchema(loginRecordSchema),
      handler: ({ caller, query }) => loginRecords(db, caller.entId, query, caller.userId),
    }),
    // Every user sees their own records from the user menu, members included (they cannot open
    // /main/record); the filter is the caller, never a parameter.
    defineRoute({
      method: 'GET', url: '/api/me/operations', summary: "The caller's own operation records",
      tag: 'me', auth: 'self.read', query: ownOperationQuerySchema, response: pageSchema(operationRecordSchema),
      handler: ({ caller, query }) => operationRecords(db, caller.entId, query, caller.userId),
    }),
    defineRoute({
      method: 'GET', url: '/api/me/sos-records', summary: "The caller's own SOS records (raised by the caller)",
      tag: 'me', auth: 'self.read', query: ownSosQuerySchema, response: pageSchema(sosRecordSchema),
      handler: ({ caller, query }) => sos.list(caller.entId, query, caller.userId),
    }),
    defineRoute({
      method: 'GET', url: '/api/records/operations', summary: 'Operation records of the enterprise (types 0-55)',
      tag: 'records', auth: 'record.operation.read', query: operationRecordQuerySchema, response: pageSchema(operationRecordSchema),
      handler: ({ caller, query }) => operationRecords(db, caller.entId, query),
    }),
  ];
}
