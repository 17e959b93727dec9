import {
  OperationType,
  XLSX_MIME,
  assignmentCheckResultSchema,
  assignmentExportQuerySchema,
  assignmentLayoutQuerySchema,
  sheetImportResultSchema,
  userExportQuerySchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';
import { sendXlsx } from './xlsx-write';

// Spreadsheet (xlsx) import and export. Downloads are written by the handlers (`raw`); imports are
// multipart uploads (field `file`) answered with per-row results (contracts' sheetImportResultSchema).

export const spreadsheetRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/users/import/template', tag: 'users', auth: 'user.import', raw: XLSX_MIME,
    summary: 'The user import template (xlsx) with an instructions sheet',
    handler: async ({ reply, deps }) => sendXlsx(reply, await deps.userSheets.template()),
  }),
  defineRoute({
    method: 'POST', url: '/api/users/import', tag: 'users', auth: 'user.import', upload: true,
    summary: 'Import users from an xlsx (multipart field `file`): valid rows are created, invalid rows reported per row',
    response: sheetImportResultSchema, audits: [OperationType.UserImport],
    handler: ({ caller, req, deps }) => deps.userSheets.importUpload(caller, req),
  }),
  defineRoute({
    method: 'GET', url: '/api/users/export', tag: 'users', auth: 'user.export', raw: XLSX_MIME,
    summary: 'Export users (xlsx) with the filters, search and sort of GET /api/users; it re-imports unchanged',
    query: userExportQuerySchema,
    handler: async ({ caller, query, reply, deps }) => {
      const online = query.online === undefined ? undefined : (await deps.presence.statuses(caller.entId)).map((s) => s.uid);
      return sendXlsx(reply, await deps.userSheets.exportFile(caller, query, online));
    },
  }),
  defineRoute({
    method: 'GET', url: '/api/channels/assignments/template', tag: 'channels', auth: 'channel.import', raw: XLSX_MIME,
    summary: 'A channel assignment template (xlsx): layout byChannel (channel, account, level, remark) or byUser (account, channels)',
    query: assignmentLayoutQuerySchema,
    handler: async ({ query, reply, deps }) => sendXlsx(reply, await deps.channelSheets.template(query.layout)),
  }),
  defineRoute({
    method: 'POST', url: '/api/channels/assignments/import', tag: 'channels', auth: 'channel.import', upload: true,
    summary: 'Import channel assignments from an xlsx of the given layout: members are added or updated, never removed',
    query: assignmentLayoutQuerySchema, response: sheetImportResultSchema, audits: [OperationType.ChannelAssignmentImport],
    handler: ({ caller, query, req, deps }) => deps.channelSheets.importUpload(caller, query.layout, req),
  }),
  defineRoute({
    method: 'POST', url: '/api/channels/assignments/check', tag: 'channels', auth: 'channel.import', upload: true,
    summary: 'Dry run of the assignment import: every row of the xlsx with its outcome (create, change, unchanged, error and why); nothing is written',
    query: assignmentLayoutQuerySchema, response: assignmentCheckResultSchema,
    handler: ({ caller, query, req, deps }) => deps.channelSheets.checkUpload(caller, query.layout, req),
  }),
  defineRoute({
    method: 'GET', url: '/api/channels/assignments/export', tag: 'channels', auth: 'channel.export', raw: XLSX_MIME,
    summary: 'Export channel assignments (xlsx) in the given layout, optionally of one channel; it re-imports unchanged',
    query: assignmentExportQuerySchema,
    handler: async ({ caller, query, reply, deps }) => sendXlsx(reply, await deps.channelSheets.exportFile(caller, query)),
  }),
];
