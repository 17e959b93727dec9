import { REMOTE_NAMES, remotesConfigSchema } from './remotes';

describe('remotes config', () => {
  it('names the seven remotes of the architecture', () => {
    expect(REMOTE_NAMES).toEqual(['dispatch', 'management', 'fences', 'records', 'patrol', 'screen', 'sos']);
  });

  it('accepts a name -> manifest URL map', () => {
    expect(remotesConfigSchema.parse({ records: '/remotes/records/mf-manifest.json' }))
      .toEqual({ records: '/remotes/records/mf-manifest.json' });
  });

  it.each([[['a']], [{ records: 42 }], [{ records: '' }], [null]])('refuses %j', (value) => {
    expect(remotesConfigSchema.safeParse(value).success).toBe(false);
  });
});
