import { useEffect, useRef, useState } from 'react';
import type { EventBus } from '@ptt/event-bus';

/**
 * Whether /ws2 is lost: closed after having been open, or after failed attempts. It stays lost
 * while the bridge tries again ('connecting'), so the message does not flicker between attempts,
 * and is found again as soon as the socket is open.
 */
export function useLinkLost(bus: EventBus): boolean {
  const wasOpen = useRef(false);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const sub = bus.on('socket/status').subscribe(({ state, failures }) => {
      if (state === 'open') wasOpen.current = true;
      setLost((prev) => (state === 'closed' ? wasOpen.current || failures > 0 : state === 'connecting' ? prev : false));
    });
    return () => sub.unsubscribe();
  }, [bus]);
  return lost;
}
