import { avatarUrl } from './api';

describe('account api', () => {
  it('serves the avatar with the token in the query, since an <img> sends no header', () => {
    expect(avatarUrl('abc_DEF-123', 't/k')).toBe('/api/files/abc_DEF-123?at=t%2Fk');
  });
});
