import { CallAnswerer, MIX_WEIGHTS, parseRangeMs, type AnswerOptions } from '../src/calls';
import { seededRandom } from '../src/walk';

// Issue 15: simulated handsets answer calls like a person with a phone.

const options = (o: Partial<AnswerOptions> = {}): AnswerOptions => ({ mode: 'mix', acceptAfterMs: { min: 2000, max: 5000 }, canTalk: () => true, ...o });

describe('answering calls', () => {
  it('accepts the first call after a few seconds, then mostly accepts, sometimes declines, declines as busy or does not answer', () => {
    const a = new CallAnswerer(options(), seededRandom(7));
    const first = a.plan(1)!;
    expect(first.action).toBe('accept');
    expect(first.afterMs).toBeGreaterThanOrEqual(2000);
    expect(first.afterMs).toBeLessThanOrEqual(5000);
    const counts = { accept: 0, reject: 0, busy: 0, none: 0 };
    for (let id = 2; id <= 2001; id++) counts[a.plan(id)!.action]++;
    for (const [action, weight] of Object.entries(MIX_WEIGHTS)) expect(counts[action as keyof typeof counts] / 2000).toBeCloseTo(weight, 1);
  });

  it('plans a call once; declining also takes a moment, not answering never acts', () => {
    const a = new CallAnswerer(options({ mode: 'reject' }), seededRandom(1));
    const plan = a.plan(5)!;
    expect(plan.action).toBe('reject');
    expect(plan.afterMs).toBeGreaterThanOrEqual(1000);
    expect(a.plan(5)).toBeNull();
    expect(new CallAnswerer(options({ mode: 'none' }), seededRandom(1)).plan(6)).toEqual({ action: 'none', afterMs: 0 });
    expect(new CallAnswerer(options({ mode: 'busy' }), seededRandom(1)).plan(7)!.action).toBe('busy');
  });

  it('declines as busy when it cannot talk (no media), whatever the mix says', () => {
    let talk = false;
    const a = new CallAnswerer(options({ canTalk: () => talk }), seededRandom(3));
    expect(a.plan(1)!.action).toBe('busy');
    talk = true;
    expect(a.plan(2)!.action).toBe('accept');
    // An explicit mode is obeyed even without media (tests of the signalling alone).
    expect(new CallAnswerer(options({ mode: 'accept', canTalk: () => false }), seededRandom(3)).plan(1)!.action).toBe('accept');
  });

  it('reads answer delays', () => {
    expect(parseRangeMs('3000')).toEqual({ min: 3000, max: 3000 });
    expect(parseRangeMs(' 100-200 ')).toEqual({ min: 100, max: 200 });
    expect(parseRangeMs('200-100')).toBeNull();
    expect(parseRangeMs('-5')).toBeNull();
  });
});
