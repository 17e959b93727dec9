import { z } from 'zod';
import { userStatusSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';

export const presenceListSchema = z.array(z.object({ uid: z.number().int(), status: userStatusSchema }));

export function presenceRoutes({ presence }: ModuleDeps): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/api/presence', summary: 'Who of the enterprise is online now and with which status (others are offline)',
      tag: 'presence', auth: 'session', response: presenceListSchema,
      handler: ({ caller }) => presence.statuses(caller.entId),
    }),
  ];
}
