import type { ApiClient, EventBus } from '@ptt/event-bus';
import { CallDialog } from '../calls';
import { ConsoleLayout, ConsoleLink, ConsoleSync } from '../console';
import { ConsoleProvider } from '../core';

export interface DispatchPageProps {
  api: ApiClient;
  bus: EventBus;
}

/** /main/dispatch: the console's data follows the socket (ConsoleSync); the layout only renders it. */
export function DispatchPage({ api, bus }: DispatchPageProps) {
  return (
    <ConsoleProvider api={api} bus={bus}>
      <ConsoleSync />
      <ConsoleLayout />
      <CallDialog />
      {/* Calls, chats and SOS handed over by the SOS page (BroadcastChannel or the URL). */}
      <ConsoleLink />
    </ConsoleProvider>
  );
}
