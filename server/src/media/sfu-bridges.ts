import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger';
import { newBridgeClock, type BridgeClock } from './bridge-relay';
import { VideoRoomCode, VideoRoomError, type VideoRoomAdmin } from './videoroom-admin';

// A PTT room's bridge (ADR 024): a VideoRoom remote publisher named `bridge` with one Opus audio
// stream (mindex 0, mid '0'), fed by the server's relay when the room takes part in a patch or an
// all-call. Every member already subscribes to it like to any publisher. One per room, made the
// first time it is needed and kept until the room is destroyed: Janus 1.1.2 leaks a remote
// publisher's references and ports when one is removed (fixed in 1.2.2).

export const BRIDGE_DISPLAY = 'bridge';
/** The bridge's one stream: Janus demultiplexes it by SSRC 1000 + 10 x mindex. */
export const BRIDGE_MID = '0';

export interface Bridge {
  /** Its feed id in the room. */
  id: string;
  /** Janus's UDP port for its RTP. */
  port: number;
  clock: BridgeClock;
}

/** Janus adds a remote publisher to its room from the publisher's own thread: wait that long at most. */
const APPEAR_MS = 2_000;

/**
 * Adds the bridge and mutes it before anything can be heard through it. The id is random (not
 * fixed): after a restart of this server an earlier bridge of an external Janus may still be
 * there, with a port nobody knows; it stays muted (the watchdog hears only this node's bridge).
 */
export async function addBridge(admin: VideoRoomAdmin, log: Logger, room: string, secret: string): Promise<Bridge> {
  const id = `bridge-${randomBytes(6).toString('hex')}`;
  const data = await admin.request({
    request: 'add_remote_publisher',
    room,
    secret,
    id,
    display: BRIDGE_DISPLAY,
    streams: [{ type: 'audio', mindex: 0, mid: BRIDGE_MID, codec: 'opus', fec: true }],
  });
  const port = Number(data.port);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`add_remote_publisher answered no port: ${JSON.stringify(data)}`);
  const deadline = Date.now() + APPEAR_MS;
  for (;;) {
    try {
      await admin.request({ request: 'moderate', room, secret, id, mid: BRIDGE_MID, mute: true });
      break;
    } catch (err) {
      if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.NoSuchFeed) || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  log.info({ room, id, port }, 'PTT bridge added');
  return { id, port, clock: newBridgeClock() };
}
