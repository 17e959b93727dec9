import {
  commandIdPathSchema,
  commandListQuerySchema,
  deviceCommandRecordSchema,
  idPathSchema,
  pageSchema,
  sendCommandSchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/**
 * Remote commands to devices. Sending is not in the operation log (types 0-55 have no command
 * type); it is audited in device_logs (action 'command') and in device_commands itself.
 */
const tag = 'commands';

export const commandRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/devices/:id/commands',
    summary: 'Send a remote command (0-8, stun, awaken, kill) to an active, available device with an account; kill needs confirm: true',
    tag,
    auth: 'device.command',
    params: idPathSchema,
    body: sendCommandSchema,
    response: deviceCommandRecordSchema,
    handler: ({ params, body, caller, deps }) => deps.commands.send(caller, params.id, body.command, body.confirm === true),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/devices/:id/commands',
    summary: 'Commands sent to one device with their states: paged, filtered by state',
    tag,
    auth: 'device.read',
    params: idPathSchema,
    query: commandListQuerySchema,
    response: pageSchema(deviceCommandRecordSchema),
    handler: ({ params, query, caller, deps }) => deps.commands.list(caller, params.id, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/commands/:commandId',
    summary: 'One command and its state (sent, delivered, executed, failed, expired)',
    tag,
    auth: 'device.read',
    params: commandIdPathSchema,
    response: deviceCommandRecordSchema,
    handler: ({ params, caller, deps }) => deps.commands.get(caller, params.commandId),
  }),
];
