import { z } from 'zod';
import { text } from '../text';
import { idSchema, parseIdText } from '../ids';
import { parseChatId } from '../chat-id';
import { floorSchema, pttTalkerSchema } from './ptt';

// Patch and all-call (issue 19, acceptance 2 and 3; docs/adr/024-patch-and-all-call.md).
//
// Patch: a dispatcher links 2..8 channels so that they act as one talkgroup. A press in any of them
// is granted only when every patched channel is free; the talker is heard in all of them (Janus
// forwards the talker's audio into a "bridge" feed of every other patched room). It ends when the
// dispatcher ends it, when the dispatcher's last /ws2 connection closes, or when a patched channel
// is suspended, disbanded or deleted. Start and end are in the operation log.
//
// All-call: a dispatcher's one press goes to 2..20 channels at once. The console publishes the
// microphone once, in its own all-call origin room; each channel whose floor is granted hears it
// through its bridge feed, and each refusal is answered per channel.

export const PATCH_CHANNELS_MIN = 2;
export const PATCH_CHANNELS_MAX = 8;
export const ALL_CALL_CHANNELS_MIN = 2;
export const ALL_CALL_CHANNELS_MAX = 20;

const unique = (list: readonly unknown[]): boolean => new Set(list).size === list.length;

/** Body of `POST /api/ptt/patches`. */
export const createPatchSchema = z
  .object({
    channelIds: z
      .array(idSchema.max(2_147_483_647), { error: 'validation.patchChannelsTooFew' })
      .min(PATCH_CHANNELS_MIN, { error: 'validation.patchChannelsTooFew' })
      .max(PATCH_CHANNELS_MAX, { error: 'validation.patchChannelsTooMany', abort: true })
      .refine(unique, { error: 'validation.patchChannelDuplicate' }),
  })
  .strict();
export type CreatePatchRequest = z.input<typeof createPatchSchema>;

/** One live patch. */
export const patchSchema = z.object({
  id: text(),
  channelIds: z.array(idSchema),
  /** The channels' chat ids (`{entId}-1-{channelId}`), in the order of channelIds. */
  chatIds: z.array(text()),
  createdBy: pttTalkerSchema,
  createdAt: text(),
});
export type Patch = z.infer<typeof patchSchema>;

/** `GET /api/ptt/patches`: the live patches that hold a channel the caller is a member of. */
export const patchListSchema = z.array(patchSchema);

export const PATCH_END_REASONS = ['ended', 'left', 'channel'] as const;
export type PatchEndReason = (typeof PATCH_END_REASONS)[number];

/** Kind of the frame on every patched channel's topic when a patch starts or ends. */
export const PTT_PATCH_KIND = 'PttPatch';
export const pttPatchFrameSchema = z.object({
  state: z.enum(['created', 'ended']),
  patch: patchSchema,
  /** Ended: why (the dispatcher ended it, the dispatcher left, a channel was suspended/disbanded/deleted). */
  reason: z.enum(PATCH_END_REASONS).nullable(),
});
export type PttPatchFrame = z.infer<typeof pttPatchFrameSchema>;

/** Body of `POST /api/ptt/allcall`: one press to several channels (chat ids of channels). */
export const allCallRequestSchema = z
  .object({
    chatIds: z
      .array(text().refine((s) => parseChatId(s) !== null, { error: 'validation.chatIdInvalid' }), { error: 'validation.allCallChannelsTooFew' })
      .min(ALL_CALL_CHANNELS_MIN, { error: 'validation.allCallChannelsTooFew' })
      .max(ALL_CALL_CHANNELS_MAX, { error: 'validation.allCallChannelsTooMany', abort: true })
      .refine(unique, { error: 'validation.allCallChannelDuplicate' }),
    /** Take each floor from its speaker (force-insert), as a staff press with force does. */
    force: z.boolean().optional(),
    maxDurationS: z.number().positive().max(300).optional(),
  })
  .strict();
export type AllCallRequest = z.input<typeof allCallRequestSchema>;

/** One channel's answer to an all-call press. */
export const allCallResultSchema = z.object({
  chatId: text(),
  granted: z.boolean(),
  /** Granted: the floor the call holds; refused: the floor as it is (its holder when occupied). */
  floor: floorSchema,
  /** Refused: the server code and the rule key (`pttChannelOccupied`, `channelSuspended`...), else null. */
  code: z.number().int().nullable(),
  reason: text().nullable(),
});
export type AllCallResult = z.infer<typeof allCallResultSchema>;

/** Answer of `POST /api/ptt/allcall`: per channel; `callId` null when no channel was granted. */
export const allCallSchema = z.object({
  callId: text().nullable(),
  /** The caller's origin room (allCallOriginId), where the console publishes the microphone. */
  originChatId: text(),
  results: z.array(allCallResultSchema),
});
export type AllCall = z.infer<typeof allCallSchema>;

/** Body of `POST /api/ptt/allcall/release`. */
export const allCallReleaseSchema = z.object({ callId: text().min(1) }).strict();
export type AllCallReleaseRequest = z.input<typeof allCallReleaseSchema>;

/**
 * A dispatcher's all-call origin room: `{entId}-9-{uid}`. Only that user may publish in it, nobody
 * subscribes; its publisher is unmuted only while one of the user's all-calls is on air.
 */
export function allCallOriginId(entId: number, uid: number): string {
  return `${entId}-9-${uid}`;
}
export function parseAllCallOriginId(s: string): { entId: number; uid: number } | null {
  const parts = s.split('-');
  if (parts.length !== 3 || parts[1] !== '9') return null;
  const entId = parseIdText(parts[0]);
  const uid = parseIdText(parts[2]);
  return entId === null || uid === null ? null : { entId, uid };
}
