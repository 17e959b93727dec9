import type { Subscription } from 'rxjs';
import type { EventBus } from './bus';

/**
 * Calls `reload` each time the /ws2 socket is open again after it was not: frames sent while it
 * was down are lost, so lists built from REST plus frames load again. Not called for the first
 * open (the caller loads at start anyway).
 */
export function onSocketReopen(bus: EventBus, reload: () => void): Subscription {
  let down = false;
  return bus.on('socket/status').subscribe(({ state }) => {
    if (state !== 'open') down = true;
    else if (down) {
      down = false;
      reload();
    }
  });
}
