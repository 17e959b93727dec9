import { levelOf, micErrorKey } from './audio';

describe('micErrorKey', () => {
  it.each([
    ['NotAllowedError', 'client.micPermissionDenied'],
    ['SecurityError', 'client.micPermissionDenied'],
    ['NotFoundError', 'client.micNotFound'],
    ['OverconstrainedError', 'client.micNotFound'],
    ['NotReadableError', 'client.micInUse'],
    ['AbortError', 'client.micInUse'],
  ])('maps %s to %s', (name, key) => {
    expect(micErrorKey(new DOMException('x', name))).toBe(key);
  });

  it('treats anything else as a device in use', () => {
    expect(micErrorKey('weird')).toBe('client.micInUse');
  });
});

describe('levelOf', () => {
  it('is 0 for silence and grows with the signal, capped at 1', () => {
    expect(levelOf(new Float32Array(8))).toBe(0);
    const quiet = levelOf(new Float32Array(8).fill(0.05));
    const loud = levelOf(new Float32Array(8).fill(0.2));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(levelOf(new Float32Array(8).fill(1))).toBe(1);
  });
});
