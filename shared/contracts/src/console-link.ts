import { z } from 'zod';
import { idSchema } from './ids';
import { text } from './text';

// Between pages of the same origin (ADR 025): the SOS page hands calls and chats to an open
// dispatch console over a BroadcastChannel; with no console open it opens one with the action in
// the URL, in a window of this name (so the next action reuses it).

/** BroadcastChannel name, and the window name the SOS page opens the console in. */
export const CONSOLE_CHANNEL = 'ptt-console';
/** How long the SOS page waits for a console to say it took the action. */
export const CONSOLE_ANSWER_MS = 500;

export const CONSOLE_ACTIONS = ['call', 'chat', 'sos'] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

/** SOS page -> consoles: call or chat with `uid`, or show SOS `sosId` (uid is its raiser). */
export const consoleRequestSchema = z.object({
  type: z.literal('console/request'),
  requestId: text().min(1).max(64),
  action: z.enum(CONSOLE_ACTIONS),
  uid: idSchema,
  sosId: idSchema.optional(),
});
export type ConsoleRequest = z.infer<typeof consoleRequestSchema>;

/** A console -> the SOS page: it took the request (only the first console to answer acts). */
export const consoleAnswerSchema = z.object({ type: z.literal('console/taken'), requestId: text().min(1).max(64) });
export type ConsoleAnswer = z.infer<typeof consoleAnswerSchema>;

/** The dispatch route with the action in its query: `/main/dispatch?call=12`. */
export function consoleUrl(action: ConsoleAction, uid: number, sosId?: number): string {
  const q = new URLSearchParams({ [action]: String(action === 'sos' && sosId !== undefined ? sosId : uid) });
  return `/main/dispatch?${q.toString()}`;
}
