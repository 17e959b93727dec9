import {
  XLSX_MIME,
  fenceAlertExportQuerySchema,
  loginRecordExportQuerySchema,
  operationRecordExportQuerySchema,
  ownOperationExportQuerySchema,
  ownSosExportQuerySchema,
  sosExportQuerySchema,
} from '@ptt/contracts';
import { streamExport, type ExportRequest } from '../exports/export-stream';
import { defineRoute, type RouteContext, type RouteDef } from '../http/route';
import { alertExport, loginExport, operationExport, sosExport } from './record-exports';

// Exports of the record lists (ADR 028): the list's query without paging, plus `format` (xlsx or
// csv) and `exportId` (progress frames). Each has its list's permission; the /api/me ones are the
// caller's own records whatever the role. The file streams: refusals (2004 with maxRows past
// RECORD_EXPORT_ROWS_MAX) come before the first byte, as JSON.

const tag = 'records';
const raw = XLSX_MIME;
const FORMATS = 'xlsx (default) or CSV (`format=csv`: UTF-8 with a BOM)';

function request(ctx: RouteContext<unknown, { format: 'xlsx' | 'csv'; exportId?: string | undefined }, unknown>): ExportRequest {
  const { caller, query, req, reply } = ctx;
  return { entId: caller.entId, userId: caller.userId, format: query.format, exportId: query.exportId, req, reply };
}

export const recordExportRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/records/sos/export', tag, auth: 'sos.handle', raw, query: sosExportQuerySchema,
    summary: `The enterprise's SOS records as ${FORMATS}, with the filters and sort of GET /api/sos (staff)`,
    handler: (ctx) => streamExport(ctx.deps, sosExport(ctx.caller.entId, ctx.query), request(ctx)),
  }),
  defineRoute({
    method: 'GET', url: '/api/records/logins/export', tag, auth: 'record.login.read', raw, query: loginRecordExportQuerySchema,
    summary: `Login records as ${FORMATS}, with the filters and sort of GET /api/records/logins`,
    handler: (ctx) => streamExport(ctx.deps, loginExport(ctx.caller.entId, ctx.query), request(ctx)),
  }),
  defineRoute({
    method: 'GET', url: '/api/records/fence-alerts/export', tag, auth: 'record.fenceAlert.read', raw, query: fenceAlertExportQuerySchema,
    summary: `Cross-border alert records as ${FORMATS}, with the filters and sort of GET /api/records/fence-alerts`,
    handler: (ctx) => streamExport(ctx.deps, alertExport(ctx.caller.entId, ctx.query), request(ctx)),
  }),
  defineRoute({
    method: 'GET', url: '/api/records/operations/export', tag, auth: 'record.operation.read', raw, query: operationRecordExportQuerySchema,
    summary: `Operation records as ${FORMATS} (type with its English and Chinese names), with the filters and sort of GET /api/records/operations`,
    handler: (ctx) => streamExport(ctx.deps, operationExport(ctx.caller.entId, ctx.query), request(ctx)),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/sos-records/export', tag: 'me', auth: 'self.read', raw, query: ownSosExportQuerySchema,
    summary: `The caller's own SOS records as ${FORMATS}`,
    handler: (ctx) => streamExport(ctx.deps, sosExport(ctx.caller.entId, ctx.query, ctx.caller.userId), request(ctx)),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/login-records/export', tag: 'me', auth: 'self.read', raw, query: loginRecordExportQuerySchema,
    summary: `The caller's own login records as ${FORMATS}`,
    handler: (ctx) => streamExport(ctx.deps, loginExport(ctx.caller.entId, ctx.query, ctx.caller.userId), request(ctx)),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/operations/export', tag: 'me', auth: 'self.read', raw, query: ownOperationExportQuerySchema,
    summary: `The caller's own operation records as ${FORMATS}`,
    handler: (ctx) => streamExport(ctx.deps, operationExport(ctx.caller.entId, ctx.query, ctx.caller.userId), request(ctx)),
  }),
];
