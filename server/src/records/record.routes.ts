import {
  loginRecordQuerySchema,
  loginRecordSchema,
  operationRecordQuerySchema,
  operationRecordSchema,
  ownOperationQuerySchema,
  ownSosQuerySchema,
  pageSchema,
  sosRecordSchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';
import { recordExportRoutes } from './record-export.routes';

export const recordRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/records/logins', summary: 'Login records of the enterprise (time, device, GPS with abnormal flag, ip)',
    tag: 'records', auth: 'record.login.read', query: loginRecordQuerySchema, response: pageSchema(loginRecordSchema),
    handler: ({ caller, query, deps }) => deps.records.logins(caller.entId, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/login-records', summary: "The caller's own login records",
    tag: 'me', auth: 'self.read', query: loginRecordQuerySchema, response: pageSchema(loginRecordSchema),
    handler: ({ caller, query, deps }) => deps.records.logins(caller.entId, query, caller.userId),
  }),
  // Every user sees their own records from the user menu, members included (they cannot open
  // /main/record); the filter is the caller, never a parameter.
  defineRoute({
    method: 'GET', url: '/api/me/operations', summary: "The caller's own operation records",
    tag: 'me', auth: 'self.read', query: ownOperationQuerySchema, response: pageSchema(operationRecordSchema),
    handler: ({ caller, query, deps }) => deps.records.operations(caller.entId, query, caller.userId),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/sos-records', summary: "The caller's own SOS records (raised by the caller)",
    tag: 'me', auth: 'self.read', query: ownSosQuerySchema, response: pageSchema(sosRecordSchema),
    handler: ({ caller, query, deps }) => deps.sos.listOwn(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/records/operations', summary: 'Operation records of the enterprise (types 0-55)',
    tag: 'records', auth: 'record.operation.read', query: operationRecordQuerySchema, response: pageSchema(operationRecordSchema),
    handler: ({ caller, query, deps }) => deps.records.operations(caller.entId, query),
  }),
  ...recordExportRoutes,
];
