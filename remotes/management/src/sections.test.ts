import { sectionFor } from './sections';

describe('sectionFor', () => {
  it('maps the host route segment to the page', () => {
    expect(sectionFor('/main/userManagement')).toBe('users');
    expect(sectionFor('/main/channelManagement/')).toBe('channels');
    expect(sectionFor('/main/deviceManagement')).toBe('devices');
  });

  it('knows no page for other mount points', () => {
    expect(sectionFor('/')).toBeNull();
    expect(sectionFor('/main/record')).toBeNull();
  });
});
