import { useMemo } from 'react';
import { withSessionEnd } from '@ptt/event-bus';
import type { RemoteAppProps } from '@ptt/event-bus';
import { LOGOUT_PATH } from '@ptt/ui';
import App from './App';
import type { SelfUpdateOptions } from './core';

/** Where a wall display keeps its credential: never the console's `user` key (ADR 026). */
export const DISPLAY_SESSION_KEY = 'ptt.display';

/**
 * The screen on its own page: a refused credential on any request (401/10000) ends the session
 * like a /ws2 close 4000 does, so the page returns to pairing at once instead of retrying.
 */
export function standaloneScreen(selfUpdate: SelfUpdateOptions | null) {
  return function StandaloneScreen({ api, bus, basePath }: RemoteAppProps) {
    const guarded = useMemo(() => withSessionEnd(api, bus, [LOGOUT_PATH]), [api, bus]);
    return <App api={guarded} bus={bus} basePath={basePath} standalone selfUpdate={selfUpdate} />;
  };
}
