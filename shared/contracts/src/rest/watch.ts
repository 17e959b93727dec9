import { z } from 'zod';
import { idSchema } from '../ids';

// Watched channels (issue 19, acceptance 1): a dispatcher listens to several channels at once,
// each with its own volume, mute and pan, and transmits on the selected one only. The list is
// kept by the server per user (`GET`/`PUT /api/me/watched-channels`) so it follows the user to
// another console. See docs/adr/023-watched-channels.md.

/** Where a watched channel sounds in a stereo output. */
export const WATCH_PANS = ['left', 'centre', 'right'] as const;
export type WatchPan = (typeof WATCH_PANS)[number];
/** The most channels one user may watch (the issue asks for 20 at once; some headroom). */
export const WATCHED_CHANNELS_MAX = 32;
/** Volume of a channel just added to the list. */
export const WATCH_DEFAULT_VOLUME = 80;

export const watchedChannelSchema = z
  .object({
    channelId: idSchema.max(2_147_483_647),
    /** 0..100, default 80 (WATCH_DEFAULT_VOLUME). */
    volume: z.number().int({ error: 'validation.volumeInvalid' }).min(0, { error: 'validation.volumeInvalid' }).max(100, { error: 'validation.volumeInvalid' }),
    muted: z.boolean(),
    pan: z.enum(WATCH_PANS, { error: 'validation.panInvalid' }),
    /** Priority channel (issue 19): while it is active the console ducks the other watched
     *  channels. Optional in a `PUT` (false when left out, so older consoles keep working);
     *  always present in answers. */
    priority: z.boolean().default(false),
  })
  .strict();
export interface WatchedChannel {
  channelId: number;
  /** 0..100, default 80 */
  volume: number;
  muted: boolean;
  pan: WatchPan;
  /** While this channel is active (its floor held) the others are ducked. */
  priority: boolean;
}

/** Body of `PUT` and answer of `GET /api/me/watched-channels`. Display order is list order. */
export const watchedChannelsSchema = z
  .object({
    channels: z
      .array(watchedChannelSchema)
      .max(WATCHED_CHANNELS_MAX, { error: 'validation.watchedChannelsTooMany', abort: true })
      .refine((list) => new Set(list.map((c) => c.channelId)).size === list.length, {
        error: 'validation.watchedChannelDuplicate',
      }),
  })
  .strict();
export interface WatchedChannels {
  channels: WatchedChannel[];
}

/** Kind of the frame on the caller's own user topic after each saved PUT, with the saved list
 *  (`watchedChannelsSchema`) as data, so the user's other consoles follow. The console's adapter
 *  passes it on as `ws/user` kind `Personal`, `t` `WatchedChannels`. */
export const WATCHED_CHANNELS_KIND = 'WatchedChannels';
