import type { ModuleDeps } from '../module-deps';

/** Devices answer commands on `icoTest/json/device/command/{entId}/{userId}` (topics.commandReply). */
export function registerCommandRealtime(deps: ModuleDeps): void {
  deps.inbound.on('commandReply', (ctx, _kind, data) => deps.commands.onReply(ctx, data));
}
