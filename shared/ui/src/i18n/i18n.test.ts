import i18next from 'i18next';
import { CONTRACT_I18N_KEYS, LOGIN_ALERT_KEYS, SERVER_CODES, STORAGE_KEYS } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import en from './locales/en.json';
import zh from './locales/zh.json';
import { addRemoteStrings, initI18n, setLocale } from './i18n';

function flatKeys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? flatKeys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('common strings', () => {
  const enKeys = flatKeys(en).sort();
  const zhKeys = flatKeys(zh).sort();

  it('English and Chinese have exactly the same keys', () => {
    expect(zhKeys).toEqual(enKeys);
  });

  it('cover every server code and login alert', () => {
    for (const info of Object.values(SERVER_CODES)) expect(enKeys).toContain(info.i18nKey);
    for (const key of Object.values(LOGIN_ALERT_KEYS)) expect(enKeys).toContain(key);
  });

  it('cover every key the contracts hand to a UI', () => {
    const missing = CONTRACT_I18N_KEYS.filter((k) => !enKeys.includes(k));
    expect(missing).toEqual([]);
  });

  it('have no empty texts', () => {
    const values = [...flatKeys(en), ...flatKeys(zh)];
    expect(values.length).toBeGreaterThan(0);
    expect(JSON.stringify(en)).not.toContain('""');
    expect(JSON.stringify(zh)).not.toContain('""');
  });

  it('say the guard and login messages word for word', () => {
    expect(en.loginAlert['6']).toBe('Please login first.');
    expect(en.loginAlert['7']).toBe('Please enter the organization ID');
    expect(Object.values(en.menu)).toEqual(['Dispatch', 'Users', 'Channels', 'Screen', 'Devices', 'Geofence', 'Records', 'Patrol']);
  });
});

describe('initI18n', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to English, switches to Chinese and keeps the choice in localStorage and on the bus', () => {
    const bus = createEventBus();
    initI18n({ bus });
    expect(i18next.language).toBe('en');
    expect(i18next.t('menu.dispatch')).toBe('Dispatch');

    setLocale('zh');
    expect(i18next.t('menu.dispatch')).toBe('调度');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh');
    expect(bus.current('locale')).toBe('zh');
  });

  it('starts in the stored language', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'zh');
    initI18n({ bus: createEventBus() });
    expect(i18next.language).toBe('zh');
    setLocale('en');
  });

  it('follows a locale published on the bus', () => {
    const bus = createEventBus();
    initI18n({ bus });
    bus.publish('locale', 'zh');
    expect(i18next.language).toBe('zh');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('zh');
    setLocale('en');
  });

  it('keeps <html lang> and, when asked, the document title in the interface language', () => {
    initI18n({ titleKey: 'app.title' });
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('PTT dispatch console');
    setLocale('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.title).toBe(zh.app.title);
    setLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('serves a remote namespace in both languages', () => {
    initI18n();
    addRemoteStrings('demo', { title: 'Hello' }, { title: '你好' });
    expect(i18next.t('title', { ns: 'demo' })).toBe('Hello');
    setLocale('zh');
    expect(i18next.t('title', { ns: 'demo' })).toBe('你好');
    setLocale('en');
  });
});
