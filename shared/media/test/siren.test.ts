import { SIREN_CYCLE_MS, SIREN_RESUME_GRACE_MS, Siren } from '../src';
import { FakeAudioContext } from './fakeAudioContext';

function setup(allow = true) {
  const ctx = new FakeAudioContext();
  ctx.state = 'suspended'; // a context made outside a click starts suspended
  ctx.allow = allow;
  const siren = new Siren(() => ctx as unknown as AudioContext);
  const states: string[] = [];
  siren.subscribe(() => states.push(siren.state));
  return { ctx, siren, states };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The first jump of each volume after `from` (seconds on the audio clock): what the ear hears. */
const volumesAfter = (ctx: FakeAudioContext, from: number) =>
  [...new Set(ctx.gains[0]!.gain.events.filter(([v, at]) => at >= from && v > 0).map(([v]) => v))];

describe('SOS siren', () => {
  afterEach(() => jest.useRealTimers());

  it('starts an oscillator in a running context and schedules beeps ahead', async () => {
    const { ctx, siren, states } = setup();
    siren.start();
    expect(siren.state).toBe('starting');
    await settle();
    expect(siren.state).toBe('playing');
    expect(states).toEqual(['starting', 'playing']);
    expect(ctx.state).toBe('running');
    expect(siren.contextState).toBe('running');
    expect(ctx.oscillators).toHaveLength(1);
    expect(ctx.oscillators[0]!.started).toBe(true);
    expect(ctx.oscillators[0]!.next).toBe(ctx.gains[0]);
    expect(ctx.gains[0]!.next).toBe(ctx.destination);
    // Two tones per cycle, at least two cycles ahead.
    const tones = ctx.oscillators[0]!.frequency.events.map(([hz]) => hz);
    expect(tones.slice(0, 4)).toEqual([960, 770, 960, 770]);
    expect(volumesAfter(ctx, 0)).toEqual([0.2]);
    siren.dispose();
  });

  it('keeps scheduling as the audio clock moves and stops everything on stop', async () => {
    jest.useFakeTimers();
    const { ctx, siren } = setup();
    siren.start();
    await jest.advanceTimersByTimeAsync(0);
    const before = ctx.oscillators[0]!.frequency.events.length;
    ctx.currentTime = 5;
    await jest.advanceTimersByTimeAsync(SIREN_CYCLE_MS);
    expect(ctx.oscillators[0]!.frequency.events.length).toBeGreaterThan(before);

    siren.stop();
    expect(siren.state).toBe('off');
    expect(ctx.oscillators[0]!.stopped).toBe(true);
    expect(ctx.state).toBe('suspended');
    const after = ctx.oscillators[0]!.frequency.events.length;
    ctx.currentTime = 20;
    await jest.advanceTimersByTimeAsync(SIREN_CYCLE_MS * 3);
    expect(ctx.oscillators[0]!.frequency.events.length).toBe(after);
  });

  it('says blocked when the browser refuses sound, and starts on the next click', async () => {
    const { ctx, siren } = setup(false);
    expect(siren.contextState).toBeNull();
    siren.start();
    await settle();
    expect(siren.state).toBe('blocked');
    expect(ctx.oscillators).toHaveLength(0);

    ctx.allow = true; // the user clicked: the page may make sound now
    siren.unlock();
    await settle();
    expect(siren.state).toBe('playing');
    siren.dispose();
    expect(ctx.state).toBe('closed');
  });

  it('unlocks on a click or key anywhere in the document until told to stop listening', async () => {
    const { ctx, siren } = setup(false);
    const stop = siren.unlockOnGesture(document);
    siren.start();
    await settle();
    expect(siren.state).toBe('blocked');
    ctx.allow = true;
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    await settle();
    expect(siren.state).toBe('playing');

    siren.stop();
    stop();
    ctx.allow = false;
    siren.start();
    await settle();
    ctx.allow = true;
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    await settle();
    expect(siren.state).toBe('blocked');
    siren.dispose();
  });

  it('says blocked when the browser keeps resume() pending until a click (Chromium), then plays on the click', async () => {
    jest.useFakeTimers();
    const { ctx, siren } = setup(false);
    // Not allowed to start: the promise waits for a user gesture instead of settling.
    ctx.resume.mockImplementation(() => (ctx.allow ? ((ctx.state = 'running'), Promise.resolve()) : new Promise<void>(() => undefined)));
    siren.start();
    await jest.advanceTimersByTimeAsync(SIREN_RESUME_GRACE_MS - 1);
    expect(siren.state).toBe('starting');
    await jest.advanceTimersByTimeAsync(1);
    expect(siren.state).toBe('blocked');

    ctx.allow = true; // the click
    siren.unlock();
    await jest.advanceTimersByTimeAsync(0);
    expect(siren.state).toBe('playing');
    // The first start's grace timer is long gone; nothing flips it back.
    await jest.advanceTimersByTimeAsync(SIREN_RESUME_GRACE_MS * 2);
    expect(siren.state).toBe('playing');
    siren.dispose();
  });

  it('a resume that settles in time never shows blocked', async () => {
    jest.useFakeTimers();
    const { siren, states } = setup();
    siren.start();
    await jest.advanceTimersByTimeAsync(SIREN_RESUME_GRACE_MS * 2);
    expect(states).toEqual(['starting', 'playing']);
    siren.dispose();
  });

  it('ignores a start that was stopped before the context resumed', async () => {
    const { ctx, siren } = setup();
    siren.start();
    siren.stop();
    await settle();
    expect(siren.state).toBe('off');
    expect(ctx.oscillators).toHaveLength(0);
  });

  it('an unlock without an alarm leaves the context suspended', async () => {
    const { ctx, siren } = setup();
    ctx.state = 'running'; // a context made during a click starts running
    siren.unlock();
    await settle();
    expect(ctx.suspend).toHaveBeenCalled();
    expect(siren.state).toBe('off');
  });

  it('a context that cannot be made is blocked, not silent', () => {
    const siren = new Siren(() => {
      throw new Error('no audio');
    });
    siren.start();
    expect(siren.state).toBe('blocked');
  });

  describe('levels', () => {
    it('level 2 set before the start plays louder, higher and faster from the first cycle', async () => {
      const { ctx, siren } = setup();
      siren.setLevel(2);
      expect(siren.level).toBe(2);
      siren.start();
      await settle();
      const freq = ctx.oscillators[0]!.frequency.events;
      expect(freq.slice(0, 4).map(([hz]) => hz)).toEqual([1280, 1020, 1280, 1020]);
      // A new cycle every 0.6 s instead of 1.2 s.
      expect(freq[2]![1] - freq[0]![1]).toBeCloseTo(0.6);
      expect(volumesAfter(ctx, 0)).toEqual([0.45]);
      siren.dispose();
    });

    it('a level change while playing takes effect at the next cycle, and back again', async () => {
      const { ctx, siren, states } = setup();
      siren.start();
      await settle();
      const cycle = SIREN_CYCLE_MS / 1000;
      ctx.currentTime = 0.1; // inside the first cycle
      const heard = states.length;
      siren.setLevel(2);
      expect(states).toHaveLength(heard + 1); // listeners heard the change
      expect(siren.state).toBe('playing');
      const freq = ctx.oscillators[0]!.frequency;
      // The first cycle is left as it was; the second starts escalated, not after the lookahead.
      expect(freq.at(0.05)).toBe(960);
      expect(freq.at(cycle + 0.01)).toBe(1280);
      expect(ctx.gains[0]!.gain.at(cycle + 0.01)).toBe(0.45);
      expect(volumesAfter(ctx, cycle)).toEqual([0.45]);
      // Nothing of level 1 is left scheduled after the change.
      expect(freq.events.filter(([hz, at]) => at >= cycle && (hz === 960 || hz === 770))).toEqual([]);

      ctx.currentTime = cycle + 0.1; // inside the first escalated cycle (0.6 s long)
      siren.setLevel(1);
      expect(freq.at(cycle + 0.6 + 0.01)).toBe(960);
      expect(volumesAfter(ctx, cycle + 0.6)).toEqual([0.2]);
      siren.dispose();
    });

    it('the same level again changes nothing', async () => {
      const { ctx, siren, states } = setup();
      siren.start();
      await settle();
      const count = ctx.oscillators[0]!.frequency.events.length;
      siren.setLevel(1);
      expect(ctx.oscillators[0]!.frequency.events.length).toBe(count);
      expect(states).toEqual(['starting', 'playing']);
      siren.dispose();
    });

    it('a level set while stopped is kept for the next start', async () => {
      const { ctx, siren } = setup();
      siren.start();
      await settle();
      siren.stop();
      siren.setLevel(2);
      siren.start();
      await settle();
      expect(ctx.oscillators).toHaveLength(2);
      expect(ctx.oscillators[1]!.frequency.events[0]![0]).toBe(1280);
      siren.dispose();
    });
  });
});
