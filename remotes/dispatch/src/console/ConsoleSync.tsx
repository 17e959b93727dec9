import { useCallSync } from '../calls';
import { useCommandStatusSync } from '../commands';
import { useCan, useChatListSync, useConsole, useDefaultChat, useDevicesSync, useMembersSync, usePresenceSync } from '../core';
import { usePttSync } from '../ptt';

/** Headless: loads the console's data and follows the socket; the panes only read the store. */
export function ConsoleSync() {
  const { api, bus, session } = useConsole();
  const selfId = session?.id ?? null;
  const staff = useCan('device.read');
  useChatListSync(api, bus, selfId);
  useDefaultChat(api);
  usePresenceSync(api, bus, selfId !== null);
  useMembersSync(api, bus);
  useDevicesSync(api, bus, staff);
  useCommandStatusSync(bus, staff);
  useCallSync(api, bus, selfId);
  // The media answer and the floors: the channel's PTT area and every temporary room read them.
  usePttSync(api, bus, selfId !== null);
  return null;
}
