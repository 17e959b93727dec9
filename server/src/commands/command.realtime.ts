import type { ModuleDeps } from '../modules';
import { commandServiceFor } from './command.service';

/** Devices answer commands on `icoTest/json/device/command/{entId}/{userId}` (topics.commandReply). */
export function registerCommandRealtime(deps: ModuleDeps): void {
  const service = commandServiceFor(deps);
  deps.inbound.on('commandReply', (ctx, _kind, data) => service.onReply(ctx, data));
}
