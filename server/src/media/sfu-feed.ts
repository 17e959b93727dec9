import { VideoRoomCode, VideoRoomError } from './videoroom-admin';

// A VideoRoom publisher as SfuRooms records it. Janus 1.1.2 lists neither a publisher's streams
// nor their moderation in a synchronous request, so this node keeps its own record of both.

export interface Feed {
  display: string;
  /** The feed's audio mids; null when this node never saw its answer (then '0', janus.js's first). */
  mids: string[] | null;
  /** What this node last moderated; null: unknown. */
  muted: boolean | null;
}

const FALLBACK_MIDS = ['0'];

/** The audio mids to moderate or forward: the ones seen, else janus.js's first. */
export const feedMids = (feed: Feed): string[] => feed.mids ?? FALLBACK_MIDS;

/** The display a user's publisher joins with (the proxy sets it): how a floor holder's feeds are found. */
export const sfuDisplay = (uid: number): string => `u${uid}`;

/** A feed (or its room) that went away meanwhile: no error for whoever moderates or forwards it. */
export const gone = (err: unknown): boolean =>
  err instanceof VideoRoomError && (err.code === VideoRoomCode.NoSuchFeed || err.code === VideoRoomCode.NoSuchRoom);
