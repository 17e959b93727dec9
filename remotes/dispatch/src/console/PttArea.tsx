import type { RoomState } from '@ptt/media';
import { PttPanel } from '../ptt';

/** PTT connection states of spec section 4. */
export type PttState = RoomState;

/** The push-to-talk control of the console (src/ptt). */
export function PttArea() {
  return <PttPanel />;
}
