import { z } from 'zod';
import { text } from '../text';
import { parseChatId } from '../chat-id';
import { idSchema } from '../ids';
import { chatMessageSchema } from '../realtime/chat';
import { parseTempChannelChatId } from './temp-channels';

// PTT floor control (spec sections 4 and 8, issue 7). The server holds one floor per chat id: a
// channel (`{entId}-1-{channelId}`) or a temporary channel (`{entId}-2-{tempChannelId}`). Audio
// goes through a Janus AudioBridge room per chat id; the server unmutes only the floor holder.
// See docs/adr/010-ptt-media.md and docs/protocol.md "PTT". The /ws2 frame is in realtime/ptt.ts.

/** The longest talk the server allows, whatever the client's max duration setting says. */
export const PTT_SERVER_MAX_TALK_S = 300;
/** The talk limit when the client sends no max duration. */
export const PTT_DEFAULT_TALK_S = 60;
/** Bursts shorter than this are not kept as PTT messages (a click, not a transmission). */
export const PTT_MIN_BURST_MS = 300;
/** How many recent bursts `GET /api/ptt/recent/:chatId` answers. */
export const PTT_RECENT_BURSTS = 20;

/** A chat id that has a floor: a channel or a temporary channel. */
export function isPttChatId(s: string): boolean {
  return parseChatId(s) !== null || parseTempChannelChatId(s) !== null;
}
export const pttChatIdSchema = text().refine(isPttChatId, { error: 'validation.chatIdInvalid' });

export const pttTalkerSchema = z.object({ uid: idSchema, nickname: text() });
export type PttTalker = z.infer<typeof pttTalkerSchema>;

/** Body of `POST /api/ptt/floor`: ask for the floor of one chat. */
export const requestFloorSchema = z.object({
  chatId: pttChatIdSchema,
  /** Staff only: take the floor from the current speaker (force-insert). */
  force: z.boolean().optional(),
  /** The client's max duration setting; the server caps it at PTT_SERVER_MAX_TALK_S. */
  maxDurationS: z.number().positive().max(PTT_SERVER_MAX_TALK_S).optional(),
});
export type RequestFloorRequest = z.input<typeof requestFloorSchema>;

/** Body of `POST /api/ptt/floor/release`. `discard`: the press was shorter than the press time,
 *  so the burst is not kept as a PTT message. */
export const releaseFloorSchema = z.object({
  chatId: pttChatIdSchema,
  discard: z.boolean().optional(),
});
export type ReleaseFloorRequest = z.input<typeof releaseFloorSchema>;

/** How a floor reached a channel other than by the talker's own press there (issue 19, ADR 024):
 *  a patch carries a talker from one patched channel into the others; an all-call carries a
 *  dispatcher's one press into several channels. */
export const floorViaSchema = z.object({
  kind: z.enum(['patch', 'allcall']),
  /** The patch id, or the all-call id. */
  id: text(),
  /** Patch: the chat id the talker pressed in (where their own audio is). All-call: null. */
  chatId: text().nullable(),
});
export type FloorVia = z.infer<typeof floorViaSchema>;

/** One chat's floor as it is now. Times are ISO text; all null when the floor is free. */
export const floorSchema = z.object({
  chatId: text(),
  holder: pttTalkerSchema.nullable(),
  /** Names the talk burst (and its recording) while someone holds the floor. */
  burstId: text().nullable(),
  since: text().nullable(),
  /** When the server ends the talk on its own (max duration). */
  until: text().nullable(),
  /** Set when the floor is held through a patch or an all-call (ADR 024); absent or null otherwise. */
  via: floorViaSchema.nullable().optional(),
});
export type Floor = z.infer<typeof floorSchema>;

/** `GET /api/ptt/floors`: the floors currently held in the caller's channels and temporary channels. */
export const floorListSchema = z.array(floorSchema);

/** `GET /api/ptt/recent/:chatId`: a channel's last PTT messages (type 8), newest first, for replay. */
export const recentBurstsSchema = z.array(chatMessageSchema);

/** `GET /api/ptt/media`: whether the server has a media server, and where janus.js talks to it. */
export const mediaInfoSchema = z.object({
  available: z.boolean(),
  /** Same-origin path of the filtering Janus proxy (janus.js `server`), e.g. `/janus`. */
  janusPath: text(),
  /** The Janus plugin rooms use (calls; PTT channels too when pttPath is 'mix'). */
  plugin: z.literal('janus.plugin.audiobridge'),
  /**
   * How PTT channel and temporary-channel audio travels: 'sfu' = janus.plugin.videoroom, one
   * publisher per console, forwarded unmixed (issue 18); 'mix' = the AudioBridge like calls.
   * Absent (older servers): 'mix'.
   */
  pttPath: z.enum(['sfu', 'mix']).optional(),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;
