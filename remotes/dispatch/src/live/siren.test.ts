import { SIREN_CYCLE_MS, Siren } from './siren';
import { FakeAudioContext } from './test/fakeAudio';


function setup(allow = true) {
  const ctx = new FakeAudioContext();
  ctx.allow = allow;
  const siren = new Siren(() => ctx as unknown as AudioContext);
  const states: string[] = [];
  siren.subscribe(() => states.push(siren.state));
  return { ctx, siren, states };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

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
    expect(ctx.oscillators).toHaveLength(1);
    expect(ctx.oscillators[0]!.started).toBe(true);
    // Two tones per cycle, at least two cycles ahead.
    const tones = ctx.oscillators[0]!.frequency.events.map(([hz]) => hz);
    expect(tones.slice(0, 4)).toEqual([960, 770, 960, 770]);
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
    siren.start();
    await settle();
    expect(siren.state).toBe('blocked');
    expect(ctx.oscillators).toHaveLength(0);

    ctx.allow = true; // the user clicked: the page may make sound now
    siren.unlock();
    await settle();
    expect(siren.state).toBe('playing');
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
    expect(ctx.suspended).toBeGreaterThan(0);
    expect(siren.state).toBe('off');
  });
});
