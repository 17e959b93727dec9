import type { Random } from './walk';

// How a simulated handset answers a 1V1 call ringing on it (issue 15): like a person with a phone,
// after a few seconds, usually accepting, sometimes declining or declining as busy, now and then
// not at all (the call rings out as 'not answered'). A handset that cannot talk (no --media) declines
// as busy: accepting would only end the call as 'audio failed' 15 s later.

export const ANSWER_MODES = ['mix', 'accept', 'reject', 'busy', 'none'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];
export type CallAction = 'accept' | 'reject' | 'busy' | 'none';

export interface CallPlan {
  action: CallAction;
  /** When to act, after the call started ringing here. */
  afterMs: number;
}

export interface AnswerOptions {
  mode: AnswerMode;
  /** Accepting takes this long (a random time in between). */
  acceptAfterMs: { min: number; max: number };
  /** Whether the handset can talk (its media works); without it, it declines as busy. */
  canTalk: () => boolean;
}

/** Chances of each action in `mix` mode (after the first call, which is always accepted). */
export const MIX_WEIGHTS: Readonly<Record<CallAction, number>> = { accept: 0.7, reject: 0.1, busy: 0.1, none: 0.1 };
/** Declining (or declining as busy) takes a moment too. */
const DECLINE_AFTER_MS = { min: 1000, max: 2500 };

const between = (r: Random, range: { min: number; max: number }) => Math.round(range.min + r() * (range.max - range.min));

export class CallAnswerer {
  private readonly seen = new Set<number>();
  private answered = 0;

  constructor(
    private readonly o: AnswerOptions,
    private readonly rnd: Random,
  ) {}

  /** What to do about a call ringing here; null for a call already planned. */
  plan(callId: number): CallPlan | null {
    if (this.seen.has(callId)) return null;
    this.seen.add(callId);
    const action = this.pick();
    this.answered += 1;
    if (action === 'none') return { action, afterMs: 0 };
    return { action, afterMs: between(this.rnd, action === 'accept' ? this.o.acceptAfterMs : DECLINE_AFTER_MS) };
  }

  private pick(): CallAction {
    const { mode } = this.o;
    if (mode !== 'mix') return mode;
    if (!this.o.canTalk()) return 'busy';
    // A newcomer's first call to a handset is answered: the demo should show a call working.
    if (this.answered === 0) return 'accept';
    let x = this.rnd();
    for (const [action, weight] of Object.entries(MIX_WEIGHTS) as [CallAction, number][]) {
      if (x < weight) return action;
      x -= weight;
    }
    return 'accept';
  }
}

/** `2000-5000` or `3000` (milliseconds) -> a range. */
export function parseRangeMs(text: string): { min: number; max: number } | null {
  const m = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  return max >= min ? { min, max } : null;
}
