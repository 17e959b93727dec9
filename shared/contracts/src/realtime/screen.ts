import { z } from 'zod';
import { text } from '../text';
import { userStatusSchema } from '../enums';
import { idSchema } from '../ids';
import { sessionSchema } from '../session';
import { wallAlertFrameSchema } from './fence';
import { pttTalkerSchema } from '../rest/ptt';
import { pttFloorFrameSchema } from './ptt';
import { sosMsgSchema } from './sos';

// The large screen (/main/screen, and standalone on wall displays) and its paired displays
// (ADR 026). A display holds a read-only credential: it reads the screen endpoints and the
// screen's /ws2 frames, nothing else. See docs/protocol.md "Large screen".

/** On `screen/{entId}`: the organisation's counts, sent by each node to its own screen sockets
 *  when they changed (checked every SCREEN_COUNTS_TICK_MS). */
export const SCREEN_COUNTS_KIND = 'ScreenCounts';
/** On `screen/{entId}`: a channel's floor changed (a PttFloor frame with the channel's name). */
export const SCREEN_FLOOR_KIND = 'ScreenFloor';
/** On `screen/{entId}`: a cross-border alert (the WallAlert of `dispatch/{entId}`). */
export const SCREEN_ALERT_KIND = 'ScreenAlert';
/** On `screen/{entId}`: a display's panel layout changed (the display with that id applies it). */
export const SCREEN_LAYOUT_KIND = 'ScreenLayout';

/** Every kind of `screen/{entId}`, the bus topic ws/screen's kinds. */
export const SCREEN_KINDS = [SCREEN_COUNTS_KIND, SCREEN_FLOOR_KIND, SCREEN_ALERT_KIND, SCREEN_LAYOUT_KIND] as const;

export const SCREEN_COUNTS_TICK_MS = 2_000;
/** Cross-border alerts the summary carries and the screen keeps (newest first). */
export const SCREEN_ALERTS_MAX = 20;

export const screenCountsSchema = z.object({
  /** Members with a visible online status (busy, away and dnd included; invisible counts as offline). */
  online: z.number().int().nonnegative(),
  /** Channels whose floor is held now. */
  talking: z.number().int().nonnegative(),
  /** Members with an open SOS. */
  sos: z.number().int().nonnegative(),
  offline: z.number().int().nonnegative(),
  /** Members of the organisation (online + offline). */
  total: z.number().int().nonnegative(),
});
export type ScreenCounts = z.infer<typeof screenCountsSchema>;

/** A channel's live floor as the screen shows it. */
export const screenFloorSchema = z.object({
  chatId: text(),
  channelId: idSchema,
  channelName: text(),
  holder: pttTalkerSchema.nullable(),
  /** When the holder took the floor, ISO-8601; null when free. */
  since: text().nullable(),
});
export type ScreenFloor = z.infer<typeof screenFloorSchema>;

/** Data of ScreenFloor: the channel's PttFloor frame plus its id and name. */
export const screenFloorFrameSchema = pttFloorFrameSchema.extend({ channelId: idSchema, channelName: text() });
export type ScreenFloorFrame = z.infer<typeof screenFloorFrameSchema>;

// --- Panels and layout ----------------------------------------------------------------------

/** The panels beside the map; the header (organisation name, clock, link state) is always shown. */
export const SCREEN_PANELS = ['counts', 'sos', 'activity', 'alerts'] as const;
export const screenPanelSchema = z.enum(SCREEN_PANELS);
export type ScreenPanel = z.infer<typeof screenPanelSchema>;

/** Which panels, and where: a left and a right column (top to bottom) around the map. */
export const screenLayoutSchema = z
  .object({
    map: z.boolean(),
    left: z.array(screenPanelSchema).max(SCREEN_PANELS.length),
    right: z.array(screenPanelSchema).max(SCREEN_PANELS.length),
  })
  .refine((l) => new Set([...l.left, ...l.right]).size === l.left.length + l.right.length, {
    error: 'validation.screenPanelTwice',
    path: ['right'],
  })
  .refine((l) => l.map || l.left.length + l.right.length > 0, { error: 'validation.screenLayoutEmpty', path: ['map'] });
export type ScreenLayout = z.infer<typeof screenLayoutSchema>;

export const DEFAULT_SCREEN_LAYOUT: ScreenLayout = { map: true, left: ['counts', 'sos'], right: ['activity', 'alerts'] };

/** Data of ScreenLayout. */
export const screenLayoutFrameSchema = z.object({ displayId: idSchema, layout: screenLayoutSchema });
export type ScreenLayoutFrame = z.infer<typeof screenLayoutFrameSchema>;

// --- REST: what the screen reads ------------------------------------------------------------

/** GET /api/screen/summary: everything but the map, in one answer. */
export const screenSummarySchema = z.object({
  ent: z.object({ id: idSchema, name: text() }),
  counts: screenCountsSchema,
  /** Channels whose floor is held now. */
  floors: z.array(screenFloorSchema),
  /** Open SOS, oldest first. */
  sos: z.array(sosMsgSchema),
  /** The latest cross-border alerts, newest first (at most SCREEN_ALERTS_MAX). */
  alerts: z.array(wallAlertFrameSchema),
  /** The server's clock when this was read, ISO-8601 (ages are shown against it). */
  at: text(),
});
export type ScreenSummary = z.infer<typeof screenSummarySchema>;

/** A member on the screen's map: their latest stored position (WGS-84) and visible status. */
export const screenMemberSchema = z.object({
  uid: idSchema,
  nickname: text(),
  status: userStatusSchema,
  lng: z.number(),
  lat: z.number(),
  /** The position's time, ms since the epoch. */
  time: z.number().int(),
});
export type ScreenMember = z.infer<typeof screenMemberSchema>;

/** GET /api/screen/members: every member with a stored position (members without one are not on the map). */
export const screenMembersSchema = z.object({ items: z.array(screenMemberSchema) });
export type ScreenMembers = z.infer<typeof screenMembersSchema>;

// --- Displays and pairing -------------------------------------------------------------------

export const DISPLAY_NAME_MAX_LENGTH = 40;
export const PAIRING_CODE_LENGTH = 6;
/** How long a display's pairing code stays valid. */
export const PAIRING_TTL_MS = 10 * 60_000;
/** How often a display waiting to be paired asks whether it was. */
export const PAIRING_POLL_MS = 2_000;
/** Displays an organisation may have (revoked ones do not count). */
export const DISPLAYS_MAX = 100;

export const displayNameSchema = text({ error: 'validation.displayNameRequired' })
  .trim()
  .min(1, { error: 'validation.displayNameRequired' })
  .max(DISPLAY_NAME_MAX_LENGTH, { error: 'validation.displayNameTooLong' });

export const pairingCodeSchema = text({ error: 'validation.pairingCodeInvalid' })
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.pairingCodeInvalid' });

/** POST /api/screen/pairings (public): a display that holds no credential asks for a code. */
export const pairingStartSchema = z.object({
  /** Six digits the display shows; an admin types them in the console. */
  code: text(),
  /** Only the display knows it: it claims the credential with it. */
  secret: text(),
  expiresAt: text(),
});
export type PairingStart = z.infer<typeof pairingStartSchema>;

/** POST /api/screen/pairings/claim (public). */
export const pairingClaimBodySchema = z.object({ secret: text().min(16).max(128) });
export type PairingClaimBody = z.infer<typeof pairingClaimBodySchema>;

/**
 * The credential as the display keeps it: a session the bus and the API client can carry
 * (`kind: 'display'`, `id` = the display's id, `role` 0, `auth_token` the display's token).
 * It works only for the screen: every other endpoint refuses it like an unknown token.
 */
export const displaySessionSchema = sessionSchema.extend({ kind: z.literal('display') });
export type DisplaySession = z.infer<typeof displaySessionSchema>;

/** Answer of the claim: `waiting` until an admin pairs the code, `paired` once (the credential),
 *  `expired` for a code past its time or an unknown secret. */
export const pairingClaimSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting'), expiresAt: text() }),
  z.object({ status: z.literal('paired'), session: displaySessionSchema, layout: screenLayoutSchema }),
  z.object({ status: z.literal('expired') }),
]);
export type PairingClaim = z.infer<typeof pairingClaimSchema>;

/** POST /api/screen/displays: name the display and pair the code it shows. */
export const displayCreateSchema = z.object({ name: displayNameSchema, code: pairingCodeSchema });
export type DisplayCreate = z.input<typeof displayCreateSchema>;

export const displaySchema = z.object({
  id: idSchema,
  name: text(),
  layout: screenLayoutSchema,
  createdAt: text(),
  createdBy: z.object({ id: idSchema, nickname: text() }).nullable(),
  /** When the display fetched its credential; null while the admin paired it but it has not asked yet. */
  pairedAt: text().nullable(),
  /** The last request or socket of the display. */
  lastSeenAt: text().nullable(),
  /** Whether a socket of the display is open on any node (as far as presence knows). */
  online: z.boolean(),
});
export type Display = z.infer<typeof displaySchema>;

export const displaysSchema = z.object({ items: z.array(displaySchema) });

/** PUT /api/screen/displays/:id: rename and lay out (the display follows at once). */
export const displayUpdateSchema = z.object({ name: displayNameSchema.optional(), layout: screenLayoutSchema.optional() });
export type DisplayUpdate = z.input<typeof displayUpdateSchema>;

/** GET /api/screen/me: who is reading: a display (its name and layout) or a console user (null). */
export const screenMeSchema = z.object({
  ent: z.object({ id: idSchema, name: text() }),
  display: z.object({ id: idSchema, name: text(), layout: screenLayoutSchema }).nullable(),
});
export type ScreenMe = z.infer<typeof screenMeSchema>;
