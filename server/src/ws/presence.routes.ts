import { z } from 'zod';
import { userStatusSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

export const presenceListSchema = z.array(z.object({ uid: z.number().int(), status: userStatusSchema }));

export const presenceRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/presence', summary: 'Who of the enterprise is online now and with which status (others are offline)',
    tag: 'presence', auth: 'session', response: presenceListSchema,
    handler: ({ caller, deps }) => deps.presence.statuses(caller.entId),
  }),
];
