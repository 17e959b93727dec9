import { CoordinateSystem } from '@ptt/contracts';
import { ArgsError, DEMO_ACCOUNTS, DEMO_CROSS_EVERY_MS, DEMO_SOS_RATE, parseArgs } from '../src/args';

describe('parseArgs', () => {
  it('has defaults that reach the local server and the demo organisation', () => {
    expect(parseArgs([])).toEqual({
      url: 'http://127.0.0.1:8080',
      entId: 100001,
      demo: false,
      devices: 10,
      accounts: null,
      password: 'demo123',
      admin: 'admin',
      adminPassword: 'demo123',
      sosRate: 0,
      intervalMs: 5000,
      center: { lng: 116.397, lat: 39.909 },
      radiusM: 3000,
      coord: CoordinateSystem.WGS,
      concurrency: 4,
      statusMs: 10_000,
      media: false,
      chromium: null,
      answer: 'mix',
      answerAfterMs: { min: 2000, max: 5000 },
      crossEveryMs: 0,
      patrol: false,
      command: null,
    });
  });

  it('reads the media and call answering flags (issue 15)', () => {
    expect(parseArgs(['--demo', '--media', '--chromium', '/opt/chromium', '--answer', 'accept', '--answer-after', '1500'])).toMatchObject({
      media: true,
      chromium: '/opt/chromium',
      answer: 'accept',
      answerAfterMs: { min: 1500, max: 1500 },
    });
    expect(parseArgs(['--answer-after=1000-3000'])!.answerAfterMs).toEqual({ min: 1000, max: 3000 });
    expect(() => parseArgs(['--answer', 'maybe'])).toThrow('--answer must be one of mix, accept, reject, busy, none');
    for (const bad of ['3000-1000', 'soon', '70000']) expect(() => parseArgs(['--answer-after', bad])).toThrow(ArgsError);
  });

  it('reads every flag, in both spellings', () => {
    const o = parseArgs([
      '--devices', '25', '--url=http://10.0.0.2:9000/', '--ent', '100002', '--sos-rate', '0.5', '--interval=2000',
      '--center', '121.47,31.23', '--radius', '500', '--coord', 'gcj', '--concurrency', '8', '--status-every', '60000',
      '--admin', 'boss', '--admin-password', ' pass word ', '--password=secret1',
    ])!;
    expect(o).toMatchObject({
      devices: 25,
      url: 'http://10.0.0.2:9000',
      entId: 100002,
      sosRate: 0.5,
      intervalMs: 2000,
      center: { lng: 121.47, lat: 31.23 },
      radiusM: 500,
      coord: CoordinateSystem.GCJ,
      concurrency: 8,
      statusMs: 60_000,
      admin: 'boss',
      adminPassword: ' pass word ',
      password: 'secret1',
    });
  });

  it('takes credentials from the environment, flags winning', () => {
    const env = { SIM_ADMIN: 'ops', SIM_PASSWORD: 'opspass', SIM_DEVICE_PASSWORD: 'devpass' };
    expect(parseArgs([], env)).toMatchObject({ admin: 'ops', adminPassword: 'opspass', password: 'devpass' });
    expect(parseArgs(['--admin', 'boss'], env)).toMatchObject({ admin: 'boss', adminPassword: 'opspass' });
  });

  it('drives given accounts or the demo handsets instead of provisioning', () => {
    expect(parseArgs(['--accounts', 'a1, b2,,c3'])!.accounts).toEqual(['a1', 'b2', 'c3']);
    expect(parseArgs(['--demo'])!.accounts).toEqual(DEMO_ACCOUNTS);
    expect(parseArgs(['--demo'])!.demo).toBe(true);
  });

  it('raises SOS now and then with --demo, unless --sos-rate says otherwise', () => {
    expect(parseArgs(['--demo'])!.sosRate).toBe(DEMO_SOS_RATE);
    expect(DEMO_SOS_RATE).toBe(0.25);
    expect(parseArgs(['--demo', '--sos-rate', '0'])!.sosRate).toBe(0);
    expect(parseArgs(['--sos-rate=2', '--demo'])!.sosRate).toBe(2);
    expect(parseArgs(['--accounts', 'a1'])!.sosRate).toBe(0);
  });

  it('walks a member across a fence every few minutes with --demo, unless --cross-every says otherwise (issue 22)', () => {
    expect(parseArgs(['--demo'])!.crossEveryMs).toBe(DEMO_CROSS_EVERY_MS);
    expect(DEMO_CROSS_EVERY_MS).toBe(240_000);
    expect(parseArgs(['--demo', '--cross-every', '0'])!.crossEveryMs).toBe(0);
    expect(parseArgs(['--cross-every=60000', '--demo'])!.crossEveryMs).toBe(60_000);
    expect(parseArgs(['--accounts', 'a1'])!.crossEveryMs).toBe(0);
  });

  it('walks patrol runs with --demo or --patrol, unless --no-patrol (issue 24)', () => {
    expect(parseArgs(['--demo'])!.patrol).toBe(true);
    expect(parseArgs(['--demo', '--no-patrol'])!.patrol).toBe(false);
    expect(parseArgs(['--accounts', 'a1', '--patrol'])!.patrol).toBe(true);
    expect(parseArgs(['--accounts', 'a1'])!.patrol).toBe(false);
  });

  it('reads a one-shot patrol command after the options: that member only, nothing at random', () => {
    const o = parseArgs(['--url', 'http://127.0.0.1:9000', '--interval', '1000', 'patrol', 'member1', '--skip', '1', '--delay', '2:120'])!;
    expect(o).toMatchObject({
      url: 'http://127.0.0.1:9000',
      intervalMs: 1000,
      accounts: ['member1'],
      patrol: false,
      sosRate: 0,
      crossEveryMs: 0,
      command: { account: 'member1', tweaks: { skip: [1], delays: { 2: 120 } } },
    });
    expect(parseArgs(['--demo', 'patrol', 'member2'])).toMatchObject({ accounts: DEMO_ACCOUNTS, demo: true, patrol: false, sosRate: 0, crossEveryMs: 0 });
    expect(parseArgs(['patrol', 'member1', '--help'])).toBeNull();
    expect(() => parseArgs(['--accounts', 'a1', 'patrol', 'member1'])).toThrow('patrol: member1 is not among the simulated accounts');
    expect(() => parseArgs(['patrol', 'member1', '--delay', 'soon'])).toThrow(ArgsError);
    expect(() => parseArgs(['patrol'])).toThrow('patrol: usage: patrol <account>');
  });

  it('answers null to --help', () => {
    expect(parseArgs(['--devices', '3', '--help'])).toBeNull();
    expect(parseArgs(['-h'])).toBeNull();
  });

  it.each([
    [['--devices', '0'], '--devices must be a number from 1'],
    [['--devices', '2.5'], '--devices must be a whole number'],
    [['--devices'], '--devices needs a value'],
    [['--devices', 'many'], '--devices must be a number'],
    [['--interval', '10'], '--interval must be a number from 100'],
    [['--center', '116.4'], '--center must be LNG,LAT'],
    [['--center', '200,10'], '--center longitude must be'],
    [['--coord', 'bd09'], '--coord must be wgs or gcj'],
    [['--url', 'ftp://x'], '--url must start with http'],
    [['--accounts', ','], '--accounts needs at least one account'],
    [['--frobnicate'], 'unknown option --frobnicate'],
    [['--cross-every', '500'], '--cross-every must be 0 (off) or at least 10000 ms'],
    [['--cross-every', '-1'], '--cross-every must be a number from 0'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(ArgsError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
