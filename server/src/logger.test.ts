import { StartupLogger, errorReporter, type Logger } from './logger';

function recorder(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (_o, m) => lines.push(`info ${m}`),
    warn: (_o, m) => lines.push(`warn ${m}`),
    error: (o, m) => lines.push(`error ${m} ${(o as { err?: Error }).err?.message ?? ''}`.trim()),
  };
}

describe('StartupLogger', () => {
  it('writes to the console until the app logger is in place, then only to that', () => {
    const spy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const log = new StartupLogger();
      log.warn({}, 'before the app');
      expect(spy).toHaveBeenCalledWith('before the app');
      const app = recorder();
      log.use(app);
      log.warn({}, 'after');
      log.error({ err: new Error('boom') }, 'failed');
      expect(spy).toHaveBeenCalledTimes(1);
      expect(app.lines).toEqual(['warn after', 'error failed boom']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('errorReporter', () => {
  it('turns (err, what) reports of timers into error lines with the error attached', () => {
    const log = recorder();
    errorReporter(log)(new Error('gone'), 'ptt: closing a room failed');
    expect(log.lines).toEqual(['error ptt: closing a room failed gone']);
  });
});
