import { useEffect } from 'react';
import { CLIENT_ERROR_KEYS } from '@ptt/contracts';
import { useNotify } from '../notify/useNotify';
import { NS as SHELL_NS } from '../shell/strings';
import { isClockWrong, measureClock } from './clockCheck';
import { useServices } from './services';

const DROPPED_ID = 'ws-disconnected';
const CLOCK_ID = 'system-time-error';

/**
 * Says so when the /ws2 connection drops (once per outage, not per retry, and it stays until the
 * connection is back), says so again when it is back, and checks the clock whenever it opens.
 */
export function SocketWatch() {
  const { bus, api } = useServices();
  const notifier = useNotify();

  useEffect(() => {
    let dropped = false;
    const sub = bus.on('socket/status').subscribe(({ state, failures }) => {
      // failures is 1 exactly on the first failure after an open (or after the first try).
      if (state === 'closed' && failures === 1 && !dropped) {
        dropped = true;
        notifier.notify({ intent: 'warning', key: CLIENT_ERROR_KEYS.websocketDisconnected, id: DROPPED_ID, timeoutMs: -1 });
      }
      if (state === 'open') {
        if (dropped) {
          notifier.dismiss(DROPPED_ID);
          notifier.notify({ intent: 'success', key: `${SHELL_NS}:connection.restored` });
        }
        dropped = false;
        measureClock(api)
          .then(({ skewMs }) => {
            if (isClockWrong(skewMs)) notifier.notify({ intent: 'error', key: CLIENT_ERROR_KEYS.systemTimeError, id: CLOCK_ID, timeoutMs: 15_000 });
          })
          // Without an answer there is nothing to compare; the socket status already tells why.
          .catch(() => undefined);
      }
      if (state === 'idle') {
        // Logged out or the session ended: not a drop to report.
        if (dropped) notifier.dismiss(DROPPED_ID);
        dropped = false;
      }
    });
    return () => sub.unsubscribe();
  }, [bus, api, notifier]);

  return null;
}
