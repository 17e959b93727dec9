import { watchedChannelsSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

// Watched channels (issue 19, ADR 023): the caller's own list, so they sit under /api/me.
export const watchRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/me/watched-channels',
    summary: 'The channels the caller watches, in display order, with volume, mute and pan (channels they can no longer talk in are left out)',
    tag: 'me', auth: 'session', response: watchedChannelsSchema,
    handler: ({ caller, deps }) => deps.watch.get(caller),
  }),
  defineRoute({
    method: 'PUT', url: '/api/me/watched-channels',
    summary: "Replace the caller's watched channels (each must pass the channel's PTT room rule, else its refusal and nothing is saved)",
    tag: 'me', auth: 'session', body: watchedChannelsSchema, response: watchedChannelsSchema,
    handler: ({ caller, body, deps }) => deps.watch.replace(caller, body),
  }),
];
