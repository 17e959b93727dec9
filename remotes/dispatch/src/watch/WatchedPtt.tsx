import { useState } from 'react';
import type { RoomConnection } from '@ptt/media';
import { PttPanel } from '../ptt';
import type { CreateMediaClient } from '../ptt';
import { useSelectedOutput } from './useSelectedOutput';
import { WatchPanel } from './WatchPanel';

/**
 * The selected channel's push-to-talk with the watched channels under it: the selected channel's
 * room plays at its tile's volume, mute and side when it is watched, and its tile reads its level.
 */
export function WatchedPtt({ createClient }: { createClient?: CreateMediaClient }) {
  const [room, setRoom] = useState<RoomConnection | null>(null);
  const output = useSelectedOutput();
  return (
    <>
      <PttPanel createClient={createClient} output={output} onRoom={setRoom} />
      <WatchPanel selectedRoom={room} createClient={createClient} />
    </>
  );
}
