import type { RoomState } from '@ptt/media';
import { WatchedPtt } from '../watch';

/** PTT connection states of spec section 4. */
export type PttState = RoomState;

/** The push-to-talk control of the console (src/ptt) with the watched channels (src/watch). */
export function PttArea() {
  return <WatchedPtt />;
}
