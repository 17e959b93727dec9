import { joinPath } from './joinPath';

describe('joinPath', () => {
  it('joins a child path to a mount point with exactly one slash', () => {
    expect(joinPath('/main/record', 'sos')).toBe('/main/record/sos');
    expect(joinPath('/main/record/', '/sos')).toBe('/main/record/sos');
    expect(joinPath('/', 'sos')).toBe('/sos');
  });
});
