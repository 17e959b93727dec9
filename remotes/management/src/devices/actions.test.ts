import { accountActions } from './actions';
import { device, fresh } from './test/renderDevices';

describe('account actions by device state', () => {
  it.each([
    ['never activated', fresh(), ['activate']],
    ['active with an account', device(), ['cancel']],
    ['active, account cancelled', device({ user: null }), ['reactivate', 'assign']],
    ['activated once, now inactive without account', device({ active: false, user: null }), ['reactivate']],
    ['disabled, never activated', fresh({ status: 'disabled' }), []],
    ['disabled with an account', device({ status: 'disabled' }), ['cancel']],
  ])('%s', (_name, d, expected) => {
    expect(accountActions(d)).toEqual(expected);
  });
});
