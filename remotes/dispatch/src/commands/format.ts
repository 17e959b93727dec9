import type { Command } from '@ptt/contracts';

/** Longest command detail shown inline; the rest is cut with an ellipsis. */
const DETAIL_MAX_CHARS = 160;

/** A device's reply detail as plain text (a reason, or a small object such as a position). */
export function detailText(detail: unknown): string | null {
  if (detail === undefined || detail === null || detail === '') return null;
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
  return text.length > DETAIL_MAX_CHARS ? `${text.slice(0, DETAIL_MAX_CHARS - 1)}…` : text;
}

/** i18n key of a command's name. */
export function commandKey(command: Command): string {
  const names: Record<Command, string> = {
    0: 'front',
    1: 'rear',
    2: 'voice',
    3: 'location',
    4: 'permission',
    5: 'appInfo',
    6: 'deviceInfo',
    7: 'wallOpen',
    8: 'wallClose',
    stun: 'stun',
    awaken: 'awaken',
    kill: 'kill',
  };
  return `console.commands.${names[command]}`;
}
