import { z } from 'zod';
import {
  idPathSchema,
  latestPositionSchema,
  locationAcceptedSchema,
  locationReportBodySchema,
  trackQuerySchema,
  trackSchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/** Positions: device reports without a socket, tracks and the map's latest positions. */
const tag = 'locations';

export const locationRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/locations',
    summary:
      "Report the caller's position: one point or { points } (up to 100); GCJ-02 (coord 1) is stored as WGS-84. " +
      'Points more than 5 minutes ahead or older than 7 days are ignored (counted in `ignored`)',
    tag,
    auth: 'session',
    body: locationReportBodySchema,
    response: locationAcceptedSchema,
    handler: ({ body, caller, deps }) => deps.locations.report(caller, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/locations/latest',
    summary: "Every member's latest position (WGS-84) with their presence status, for the map",
    tag,
    auth: 'location.read',
    response: z.array(latestPositionSchema),
    handler: ({ caller, deps }) => deps.locations.latest(caller),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/users/:id/track',
    summary: "A member's last 1000 points in time order (staff: anyone; a member: only themselves); none: 2012 'no track'",
    tag,
    auth: 'session',
    params: idPathSchema,
    query: trackQuerySchema,
    response: trackSchema,
    handler: ({ params, query, caller, deps }) => deps.locations.track(caller, params.id, query.from, query.to),
  }),
];
