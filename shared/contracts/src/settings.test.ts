import { DEFAULT_SETTINGS, RESERVED_KEYS, isReservedKey, localSettingsSchema } from './settings';

function messages(input: unknown): string[] {
  const r = localSettingsSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('local settings', () => {
  it('accepts the defaults (English)', () => {
    expect(localSettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.locale).toBe('en');
  });

  it('refuses a press time of 0 or less with validation.pressTimePositive', () => {
    expect(messages({ ...DEFAULT_SETTINGS, pressTimeMs: 0 })).toEqual(['validation.pressTimePositive']);
    expect(messages({ ...DEFAULT_SETTINGS, pressTimeMs: -5 })).toEqual(['validation.pressTimePositive']);
  });

  it('requires a numeric press time and max duration', () => {
    expect(messages({ ...DEFAULT_SETTINGS, pressTimeMs: undefined })).toEqual(['validation.pressTimeRequired']);
    expect(messages({ ...DEFAULT_SETTINGS, pressTimeMs: 'abc' })).toEqual(['validation.pressTimeRequired']);
    expect(messages({ ...DEFAULT_SETTINGS, pttMaxDurationS: undefined })).toEqual(['validation.pttMaxDurationRequired']);
    expect(messages({ ...DEFAULT_SETTINGS, pttMaxDurationS: 0 })).toEqual(['validation.pttMaxDurationPositive']);
  });

  it('requires a PTT key', () => {
    expect(messages({ ...DEFAULT_SETTINGS, pttKey: '' })).toEqual(['validation.pttKeyRequired']);
    expect(messages({ ...DEFAULT_SETTINGS, pttKey: undefined })).toEqual(['validation.pttKeyRequired']);
  });

  it.each(['Escape', 'F1', 'F12', 'Tab', 'Alt', 'AltLeft', 'Shift', 'ShiftRight', 'Control', 'ControlLeft', 'Meta', 'CapsLock', 'tab'])(
    'refuses the reserved key %s',
    (pttKey) => {
      expect(messages({ ...DEFAULT_SETTINGS, pttKey })).toEqual(['validation.pttKeyReserved']);
    },
  );

  it.each(['Space', 'KeyT', 'F13', 'Digit1', 'Backquote'])('allows the ordinary key %s', (pttKey) => {
    expect(messages({ ...DEFAULT_SETTINGS, pttKey })).toEqual([]);
  });

  it('lists F1 to F12 among the reserved keys', () => {
    for (let i = 1; i <= 12; i += 1) expect(RESERVED_KEYS).toContain(`F${i}`);
    expect(isReservedKey('F13')).toBe(false);
  });

  it('refuses a locale other than en or zh', () => {
    expect(messages({ ...DEFAULT_SETTINGS, locale: 'fr' })).toEqual(['validation.localeInvalid']);
  });
});
