import { CONTRACT_I18N_KEYS } from './i18n-keys';
import { DEFAULT_MAP, DEFAULT_SETTINGS, MAP_STYLES, MAP_TYPES, RESERVED_KEYS, isReservedKey, localSettingsSchema, settingsOrDefaults } from './settings';

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

  it('accepts each map type with its own styles and refuses a style of another type', () => {
    for (const type of MAP_TYPES) {
      for (const style of MAP_STYLES[type]) expect(messages({ ...DEFAULT_SETTINGS, map: { type, style } })).toEqual([]);
    }
    expect(messages({ ...DEFAULT_SETTINGS, map: { type: 'amap', style: 'roadmap' } })).toEqual(['validation.mapInvalid']);
    expect(messages({ ...DEFAULT_SETTINGS, map: { type: 'bing', style: 'roadmap' } })).toEqual(['validation.mapInvalid']);
  });

  it('parses a value stored before the map and audio devices existed, with the default map', () => {
    const old = { locale: 'zh', pttKey: 'KeyT', pressTimeMs: 500, pttMaxDurationS: 30 };
    expect(localSettingsSchema.parse(old)).toEqual({ ...old, map: DEFAULT_MAP });
  });

  it('reports only keys the UIs translate', () => {
    const bad = { locale: 'fr', pttKey: 'Tab', pressTimeMs: 0, pttMaxDurationS: 0, map: { type: 'x' }, speakerId: 7, microphoneId: 'm'.repeat(300) };
    const seen = messages(bad);
    expect(seen).toEqual(expect.arrayContaining(['validation.mapInvalid', 'validation.audioDeviceInvalid']));
    for (const message of seen) expect(CONTRACT_I18N_KEYS).toContain(message);
  });
});

describe('settingsOrDefaults', () => {
  it.each([undefined, null, 'garbage', 42, [], {}])('falls back to the defaults for %p without throwing', (value) => {
    expect(settingsOrDefaults(value)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the good fields and replaces only the bad ones', () => {
    const stored = { locale: 'zh', pttKey: 'F5', pressTimeMs: 450, pttMaxDurationS: -1, map: { type: 'amap', style: 'dark' }, microphoneId: 'mic-2', speakerId: 3 };
    expect(settingsOrDefaults(stored)).toEqual({
      locale: 'zh',
      pttKey: DEFAULT_SETTINGS.pttKey,
      pressTimeMs: 450,
      pttMaxDurationS: DEFAULT_SETTINGS.pttMaxDurationS,
      map: { type: 'amap', style: 'dark' },
      microphoneId: 'mic-2',
    });
  });

  it('returns a valid value unchanged', () => {
    const good = { ...DEFAULT_SETTINGS, pttKey: 'KeyQ', map: { type: 'mapWorld', style: 'image' }, speakerId: 'spk' };
    expect(settingsOrDefaults(good)).toEqual(good);
  });
});
