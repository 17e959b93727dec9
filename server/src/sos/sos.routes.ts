import {
  OperationType,
  idPathSchema,
  pageSchema,
  sosCloseSchema,
  sosEventListSchema,
  sosListQuerySchema,
  sosRaisedSchema,
  sosRecordSchema,
  sosReportSchema,
  sosSettingsSchema,
  updateSosSettingsSchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/** SOS: raised by a device (or REST), listed, acknowledged and closed by a dispatcher (ADR 025). */
const tag = 'sos';

export const sosRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/sos',
    summary:
      "Raise SOS for the caller (optional position, coord 0 WGS-84 or 1 GCJ-02); an open SOS of the caller is reused. " +
      "`answered` false with reason 'rule.nobodyInSos' when no staff is online. A new SOS also writes a type-6 card from " +
      'the caller into each enabled channel they belong to',
    tag,
    auth: 'session',
    body: sosReportSchema,
    response: sosRaisedSchema,
    handler: ({ body, caller, deps }) =>
      deps.sos.raise({ entId: caller.entId, userId: caller.userId, account: caller.account, nickname: caller.nickname, device: caller.device, ip: caller.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/sos',
    summary: 'SOS records: staff see the enterprise (filters state, userId, from/to on the start), a member only their own',
    tag,
    auth: 'session',
    query: sosListQuerySchema,
    response: pageSchema(sosRecordSchema),
    handler: ({ query, caller, deps }) => deps.sos.list(caller, query),
  }),
  // Before /api/sos/:id in this list for readers; Fastify matches the static segment first anyway.
  defineRoute({
    method: 'GET',
    url: '/api/sos/settings',
    summary: "The organisation's SOS handling: escalation time in seconds and the origins that may embed the SOS page",
    tag,
    auth: 'sos.handle',
    response: sosSettingsSchema,
    handler: ({ caller, deps }) => deps.sosSettings.read(caller),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/sos/settings',
    summary: 'Change the escalation time (5..3600 s) and/or the embedding origins (at most 20, scheme://host[:port]); managers only',
    tag,
    auth: 'sos.settings',
    body: updateSosSettingsSchema,
    response: sosSettingsSchema,
    audits: [OperationType.EnterpriseUpdate],
    handler: ({ body, caller, deps }) => deps.sosSettings.update(caller, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/sos/:id',
    summary: 'One SOS record (a member: only their own)',
    tag,
    auth: 'session',
    params: idPathSchema,
    response: sosRecordSchema,
    handler: ({ params, caller, deps }) => deps.sos.get(caller, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/sos/:id/events',
    summary: 'The timeline of an SOS, oldest first: raised, moved, acknowledged, escalated, closed (a member: only their own)',
    tag,
    auth: 'session',
    params: idPathSchema,
    response: sosEventListSchema,
    handler: ({ params, caller, deps }) => deps.sos.events(caller, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/sos/:id/ack',
    summary:
      "Acknowledge an open SOS (the alarm stops everywhere); idempotent: a second acknowledgement answers the record as it is. " +
      "A closed one answers 2028 'sosAlreadyClosed'",
    tag,
    auth: 'sos.handle',
    params: idPathSchema,
    response: sosRecordSchema,
    handler: ({ params, caller, deps }) => deps.sos.ack(caller, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/sos/:id/close',
    summary:
      "Close an open SOS with an optional note (at most 500 characters); records the dispatcher and time and acknowledges it if nobody had. " +
      "A closed one answers 2028 'sosAlreadyClosed'",
    tag,
    auth: 'sos.handle',
    params: idPathSchema,
    body: sosCloseSchema,
    response: sosRecordSchema,
    handler: ({ params, body, caller, deps }) => deps.sos.close(caller, params.id, body),
  }),
];
