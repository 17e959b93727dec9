import { CONSOLE_ANSWER_MS, CONSOLE_CHANNEL, consoleAnswerSchema, consoleUrl } from '@ptt/contracts';
import type { ConsoleAction, ConsoleRequest } from '@ptt/contracts';

// Calls and chats are the dispatch console's (ADR 025): one call engine and one chat per
// dispatcher, and a page light enough to run embedded. The page asks any open console over a
// BroadcastChannel; if none takes it in time, it opens the console with the action in its URL,
// in the window named like the channel, so the next action reuses that window.

/** 'console': an open console took it; 'opened': a console window was opened with it;
 *  'blocked': no console answered and the browser refused the window (pop-up blocker). */
export type ConsoleOutcome = 'console' | 'opened' | 'blocked';

export interface ConsoleLinkDeps {
  /** The browser's BroadcastChannel; undefined where there is none (then the window opens at once). */
  Channel?: typeof BroadcastChannel;
  open: (url: string, target: string) => unknown;
  waitMs?: number;
  requestId?: () => string;
}

const defaultDeps = (): ConsoleLinkDeps => ({
  Channel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel,
  open: (url, target) => window.open(url, target),
});

const randomId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Hands `action` with `uid` to the dispatch console: an open one if it answers, else a new window. */
export function handToConsole(action: ConsoleAction, uid: number, sosId?: number, deps: ConsoleLinkDeps = defaultDeps()): Promise<ConsoleOutcome> {
  const { Channel, open, waitMs = CONSOLE_ANSWER_MS, requestId = randomId } = deps;
  const openWindow = (): ConsoleOutcome => (open(consoleUrl(action, uid, sosId), CONSOLE_CHANNEL) ? 'opened' : 'blocked');
  if (!Channel) return Promise.resolve(openWindow());
  const id = requestId();
  const channel = new Channel(CONSOLE_CHANNEL);
  return new Promise((resolve) => {
    const finish = (outcome: () => ConsoleOutcome) => {
      clearTimeout(timer);
      channel.close();
      resolve(outcome());
    };
    channel.onmessage = (event: MessageEvent) => {
      const answer = consoleAnswerSchema.safeParse(event.data);
      if (answer.success && answer.data.requestId === id) finish(() => 'console');
    };
    const timer = setTimeout(() => finish(openWindow), waitMs);
    const request: ConsoleRequest = { type: 'console/request', requestId: id, action, uid, ...(sosId === undefined ? {} : { sosId }) };
    channel.postMessage(request);
  });
}
