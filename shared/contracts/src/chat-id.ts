import { text } from './text';
import { parseIdText } from './ids';

/** Channel chat ids are `{entId}-1-{channelId}` (spec section 3). */
export function chatId(entId: number, channelId: number): string {
  return `${entId}-1-${channelId}`;
}

export interface ChatIdParts {
  entId: number;
  channelId: number;
}

export function parseChatId(s: string): ChatIdParts | null {
  const parts = s.split('-');
  if (parts.length !== 3 || parts[1] !== '1') return null;
  const entId = parseIdText(parts[0]);
  const channelId = parseIdText(parts[2]);
  return entId === null || channelId === null ? null : { entId, channelId };
}

export const chatIdSchema = text().refine((s) => parseChatId(s) !== null, { error: 'validation.chatIdInvalid' });
