import { DEFAULT_SCREEN_LAYOUT, displayCreateSchema, pairingClaimSchema, screenLayoutSchema } from './screen';
import { parseTopic, topics } from '../topics';
import { serverFrameSchema } from './frames';

describe('large screen contracts', () => {
  it('accepts the default layout and refuses a panel shown twice or an empty screen', () => {
    expect(screenLayoutSchema.safeParse(DEFAULT_SCREEN_LAYOUT).success).toBe(true);
    const twice = screenLayoutSchema.safeParse({ map: true, left: ['sos'], right: ['sos'] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('validation.screenPanelTwice');
    const empty = screenLayoutSchema.safeParse({ map: false, left: [], right: [] });
    expect(empty.error?.issues[0]?.message).toBe('validation.screenLayoutEmpty');
    expect(screenLayoutSchema.safeParse({ map: false, left: ['counts'], right: [] }).success).toBe(true);
  });

  it('pairs only six digits and a named display', () => {
    expect(displayCreateSchema.safeParse({ name: ' Wall 1 ', code: '012345' }).data).toEqual({ name: 'Wall 1', code: '012345' });
    expect(displayCreateSchema.safeParse({ name: 'Wall', code: '12345' }).error?.issues[0]?.message).toBe('validation.pairingCodeInvalid');
    expect(displayCreateSchema.safeParse({ name: '', code: '123456' }).error?.issues[0]?.message).toBe('validation.displayNameRequired');
    expect(displayCreateSchema.safeParse({ name: 'x'.repeat(41), code: '123456' }).error?.issues[0]?.message).toBe('validation.displayNameTooLong');
  });

  it('hands a paired display a session marked as a display', () => {
    const session = { id: 3, ent: { id: 100001, name: 'Demo' }, auth_token: 't', client_id: 'display-3', account: 'display-3', nickname: 'Wall', role: 0, kind: 'display' };
    expect(pairingClaimSchema.safeParse({ status: 'paired', session, layout: DEFAULT_SCREEN_LAYOUT }).success).toBe(true);
    expect(pairingClaimSchema.safeParse({ status: 'paired', session: { ...session, kind: undefined }, layout: DEFAULT_SCREEN_LAYOUT }).success).toBe(false);
  });

  it('has its own topic with the four frame kinds', () => {
    expect(parseTopic(topics.screen(100001))).toEqual({ kind: 'screen', entId: 100001 });
    for (const kind of ['ScreenCounts', 'ScreenFloor', 'ScreenAlert', 'ScreenLayout']) expect(serverFrameSchema('screen', kind)).not.toBeNull();
    expect(serverFrameSchema('screen', 'Location')).toBeNull();
  });
});
