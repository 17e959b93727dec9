import { DEFAULT_SETTINGS, STORAGE_KEYS } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import { initI18n, setLocale } from '@ptt/ui';
import { loadSettings, publishSettings, saveSettings } from './settingsStore';

beforeEach(() => {
  localStorage.clear();
  initI18n();
  setLocale('en');
});
afterAll(() => setLocale('en'));

describe('settings in localStorage', () => {
  it('starts from the defaults when nothing is stored', () => {
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it.each(['not json', '"a string"', '[1,2]', '{"pttKey":'])('falls back to the defaults for the stored value %s', (raw) => {
    localStorage.setItem(STORAGE_KEYS.settings, raw);
    expect(() => loadSettings()).not.toThrow();
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the good stored fields when one is bad', () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ pttKey: 'KeyQ', pressTimeMs: 0, pttMaxDurationS: 20 }));
    expect(loadSettings()).toEqual({ ...DEFAULT_SETTINGS, pttKey: 'KeyQ', pttMaxDurationS: 20 });
  });

  it('saves and reads back a full value', () => {
    const next = { ...DEFAULT_SETTINGS, pttKey: 'KeyT', pressTimeMs: 450, pttMaxDurationS: 30, map: { type: 'amap' as const, style: 'dark' as const }, microphoneId: 'mic-1' };
    saveSettings(next);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '')).toEqual(next);
    expect(loadSettings()).toEqual(next);
  });

  it('refuses to save invalid settings and keeps the stored ones', () => {
    saveSettings({ ...DEFAULT_SETTINGS, pttKey: 'KeyT' });
    expect(() => saveSettings({ ...DEFAULT_SETTINGS, pttKey: 'F1' })).toThrow();
    expect(loadSettings().pttKey).toBe('KeyT');
  });

  it('takes the locale from its own storage key', () => {
    saveSettings({ ...DEFAULT_SETTINGS, locale: 'en' });
    setLocale('zh');
    expect(loadSettings().locale).toBe('zh');
  });
});

describe('settings on the bus', () => {
  it('publishes the stored settings once and follows the interface language', () => {
    saveSettings({ ...DEFAULT_SETTINGS, pttKey: 'KeyP' });
    const bus = createEventBus();
    initI18n({ bus });
    const stop = publishSettings(bus);
    expect(bus.current('settings')).toEqual({ ...DEFAULT_SETTINGS, pttKey: 'KeyP' });
    setLocale('zh');
    expect(bus.current('settings')).toEqual({ ...DEFAULT_SETTINGS, pttKey: 'KeyP', locale: 'zh' });
    stop();
    setLocale('en');
    expect(bus.current('settings')?.locale).toBe('zh');
  });
});
