import {
  OperationType,
  displayCreateSchema,
  displaySchema,
  displayUpdateSchema,
  displaysSchema,
  idPathSchema,
  pairingClaimBodySchema,
  pairingClaimSchema,
  pairingStartSchema,
  screenMeSchema,
  screenMembersSchema,
  screenSummarySchema,
} from '@ptt/contracts';
import { clientInfo } from '../http/request-caller';
import { defineRoute, type RouteDef } from '../http/route';

/**
 * The large screen and its paired wall displays (issue 21, ADR 026). The screen's reads take
 * `auth: 'screen'`: staff with screen.read, or a display's read-only credential; pairing is public
 * (a display has nothing else); managing displays is `screen.displays`.
 */
const tag = 'screen';

export const screenRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    url: '/api/screen/summary',
    summary:
      'The screen without its map: organisation, counts (online, talking, sos, offline, total), live channel floors, open SOS ' +
      "(oldest first), the latest 20 cross-border alerts and the server's clock. Staff with screen.read or a display credential",
    tag,
    auth: 'screen',
    response: screenSummarySchema,
    handler: ({ viewer, deps }) => deps.screen.summary(viewer),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/screen/members',
    summary: 'Every member with a stored position: uid, nickname, visible status, WGS-84 and time (ms). Staff with screen.read or a display credential',
    tag,
    auth: 'screen',
    response: screenMembersSchema,
    handler: ({ viewer, deps }) => deps.screen.members(viewer),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/screen/me',
    summary: "Who reads the screen: the organisation and, for a display credential, the display's id, name and layout (null for a console user)",
    tag,
    auth: 'screen',
    response: screenMeSchema,
    handler: ({ viewer, deps }) => deps.displays.me(viewer),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/screen/pairings',
    summary:
      'A display without a credential asks for a six-digit code and a secret, valid 10 minutes. At most 5 waiting codes per ' +
      "address and 500 in all: else 429 (600, 'rule.pairingBusy')",
    tag,
    auth: 'public',
    response: pairingStartSchema,
    handler: ({ req, deps }) => deps.displays.startPairing(clientInfo(req).ip),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/screen/pairings/claim',
    summary:
      "The display asks with its secret: 'waiting' until an admin pairs the code, then 'paired' once with the display's credential " +
      "(a session with kind 'display') and its layout; 'expired' for a code past its time or an unknown secret",
    tag,
    auth: 'public',
    body: pairingClaimBodySchema,
    response: pairingClaimSchema,
    handler: ({ body, deps }) => deps.displays.claim(body.secret),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/screen/displays',
    summary: "The organisation's paired displays with `online` (its socket was seen in the last 90 s)",
    tag,
    auth: 'screen.displays',
    response: displaysSchema,
    handler: ({ caller, deps }) => deps.displays.list(caller),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/screen/displays',
    summary:
      "Pair a display: name it and give the code it shows; its next claim takes the credential. 2012 'rule.pairingCodeUnknown' " +
      "for an unknown or expired code; 1003 'rule.displayQuotaExceeded' past 100 displays",
    tag,
    auth: 'screen.displays',
    body: displayCreateSchema,
    response: displaySchema,
    audits: [OperationType.EnterpriseUpdate],
    handler: ({ body, caller, deps }) => deps.displays.create(caller, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/screen/displays/:id',
    summary: 'Rename a display and/or change its layout (the display applies a new layout at once: ScreenLayout on the screen topic)',
    tag,
    auth: 'screen.displays',
    params: idPathSchema,
    body: displayUpdateSchema,
    response: displaySchema,
    audits: [OperationType.EnterpriseUpdate],
    handler: ({ params, body, caller, deps }) => deps.displays.update(caller, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/screen/displays/:id',
    summary: 'Revoke a display: its credential is refused from now on and its sockets close with 4000 on every node',
    tag,
    auth: 'screen.displays',
    params: idPathSchema,
    audits: [OperationType.EnterpriseUpdate],
    handler: ({ params, caller, deps }) => deps.displays.revoke(caller, params.id),
  }),
];
