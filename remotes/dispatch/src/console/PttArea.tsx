import { useState } from 'react';
import type { RoomConnection, RoomState } from '@ptt/media';
import { PttPanel } from '../ptt';
import type { CreateMediaClient } from '../ptt';
import { WatchPanel, useSelectedOutput } from '../watch';

/** PTT connection states of spec section 4. */
export type PttState = RoomState;

/**
 * The push-to-talk control of the console (src/ptt) and the watched channels (src/watch): the
 * selected channel's room plays at its tile's volume, mute and side, and its tile reads its level.
 */
export function PttArea({ createClient }: { createClient?: CreateMediaClient }) {
  const [room, setRoom] = useState<RoomConnection | null>(null);
  const output = useSelectedOutput();
  return (
    <>
      <PttPanel createClient={createClient} output={output} onRoom={setRoom} />
      <WatchPanel selectedRoom={room} createClient={createClient} />
    </>
  );
}
