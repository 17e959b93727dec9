import { chatPathSchema, floorListSchema, floorSchema, recentBurstsSchema, releaseFloorSchema, requestFloorSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

// PTT floor control (docs/protocol.md "PTT"). Pressing and releasing are conversation, not
// administrative operations: they write no operation record (the tag 'ptt').
const tag = 'ptt';

export const pttRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/ptt/floor',
    summary:
      "Press: take the floor of a channel or temporary channel the caller is a member of (staff: `force` takes it from the speaker). " +
      "409/2026 'pttChannelOccupied' with the current floor in data.floor; 409/2028 'callNotSupported' while holding another chat's floor; " +
      "503/600 'pttCannotConnect' without a working media server. Asking again while holding it answers the floor as it is",
    tag,
    auth: 'ptt.talk',
    body: requestFloorSchema,
    response: floorSchema,
    handler: async ({ caller, body, deps, reply }) => {
      const timing: { mediaMs?: number } = {};
      const floor = await deps.floors.request(caller, body, timing);
      // The console splits its access time into network, server and media server (diagnostics).
      const media = timing.mediaMs === undefined ? '' : `, media;dur=${timing.mediaMs.toFixed(1)}`;
      reply.header('server-timing', `floor;dur=${reply.elapsedTime.toFixed(1)}${media}`);
      return floor;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/ptt/floor/release',
    summary: 'Release: the holder frees the floor (`discard`: the press was shorter than the press time, keep no PTT message); anyone else gets the floor as it is',
    tag,
    auth: 'ptt.talk',
    body: releaseFloorSchema,
    response: floorSchema,
    handler: ({ caller, body, deps }) => deps.floors.release(caller, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/ptt/floors',
    summary: "The floors held now in the caller's channels and open temporary channels",
    tag,
    auth: 'ptt.talk',
    response: floorListSchema,
    handler: ({ caller, deps }) => deps.floors.list(caller),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/ptt/recent/:chatId',
    summary: "A channel's last 20 PTT messages (type 8), newest first, for replay (members of the channel)",
    tag,
    auth: 'ptt.talk',
    params: chatPathSchema,
    response: recentBurstsSchema,
    handler: ({ caller, params, deps }) => deps.recentBursts.list(caller, params.chatId),
  }),
];
