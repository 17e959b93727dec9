import { idPathSchema, pageSchema, sosListQuerySchema, sosRaisedSchema, sosRecordSchema, sosReportSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/** SOS: raised by a device (or REST), listed, closed by a dispatcher. */
const tag = 'sos';

export const sosRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/sos',
    summary:
      "Raise SOS for the caller (optional position, coord 0 WGS-84 or 1 GCJ-02); an open SOS of the caller is reused. " +
      "`answered` false with reason 'rule.nobodyInSos' when no staff is online",
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
    method: 'POST',
    url: '/api/sos/:id/close',
    summary: "Close an open SOS (records the dispatcher and time); a closed one answers 2028 'sosAlreadyClosed'",
    tag,
    auth: 'sos.handle',
    params: idPathSchema,
    response: sosRecordSchema,
    handler: ({ params, caller, deps }) => deps.sos.close(caller, params.id),
  }),
];
