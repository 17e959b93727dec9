import { DEFAULT_SETTINGS } from '@ptt/contracts';
import { checkPtt, pttDraftOf } from './pttForm';

const good = pttDraftOf(DEFAULT_SETTINGS);
const errorsOf = (change: Partial<typeof good>) => checkPtt(DEFAULT_SETTINGS, { ...good, ...change }).errors;

describe('PTT form check (spec section 5)', () => {
  it('turns valid text into settings with numbers', () => {
    const { settings, errors } = checkPtt(DEFAULT_SETTINGS, { pttKey: 'KeyT', pressTime: '450', maxDuration: '30' });
    expect(errors).toEqual({});
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, pttKey: 'KeyT', pressTimeMs: 450, pttMaxDurationS: 30 });
  });

  it('refuses an empty press time as required, not as zero', () => {
    expect(errorsOf({ pressTime: '' })).toEqual({ pressTime: 'validation.pressTimeRequired' });
    expect(errorsOf({ pressTime: '   ' })).toEqual({ pressTime: 'validation.pressTimeRequired' });
  });

  it.each(['0', '-5', '-0.1'])('refuses the press time %s as not greater than 0', (pressTime) => {
    expect(errorsOf({ pressTime })).toEqual({ pressTime: 'validation.pressTimePositive' });
  });

  it('refuses a missing key and a missing or non-positive max duration', () => {
    expect(errorsOf({ pttKey: '' })).toEqual({ pttKey: 'validation.pttKeyRequired' });
    expect(errorsOf({ maxDuration: '' })).toEqual({ maxDuration: 'validation.pttMaxDurationRequired' });
    expect(errorsOf({ maxDuration: '0' })).toEqual({ maxDuration: 'validation.pttMaxDurationPositive' });
  });

  it.each(['Escape', ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`), 'Tab', 'AltLeft', 'ShiftRight', 'ControlLeft', 'MetaLeft'])(
    'refuses the reserved key %s',
    (pttKey) => {
      const { settings, errors } = checkPtt(DEFAULT_SETTINGS, { ...good, pttKey });
      expect(settings).toBeNull();
      expect(errors).toEqual({ pttKey: 'validation.pttKeyReserved' });
    },
  );

  it('reports every wrong field at once', () => {
    expect(checkPtt(DEFAULT_SETTINGS, { pttKey: 'Tab', pressTime: '', maxDuration: '-1' }).errors).toEqual({
      pttKey: 'validation.pttKeyReserved',
      pressTime: 'validation.pressTimeRequired',
      maxDuration: 'validation.pttMaxDurationPositive',
    });
  });
});
