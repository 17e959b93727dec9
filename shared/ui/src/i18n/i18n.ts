import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, STORAGE_KEYS } from '@ptt/contracts';
import type { Locale } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import en from './locales/en.json';
import zh from './locales/zh.json';

export const COMMON_NS = 'common';

type Strings = Record<string, unknown>;
interface PendingBundle {
  ns: string;
  en: Strings;
  zh: Strings;
}

// Remotes register their strings at module load, which can happen before initI18n() runs.
const pending: PendingBundle[] = [];
let boundBus: EventBus | null = null;
let storageRef: Storage | null = null;
let titleKey: string | null = null;

export interface InitI18nOptions {
  bus?: EventBus;
  storage?: Storage;
  /** When given, `document.title` is this key's text and follows the language (the host's 'app.title'). */
  titleKey?: string;
}

/** `<html lang>` for each locale, so screen readers pronounce the page in its language. */
export const HTML_LANG: Record<Locale, string> = { en: 'en', zh: 'zh-CN' };

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function storedLocale(storage: Storage | null): Locale | null {
  const value = storage?.getItem(STORAGE_KEYS.locale);
  return isLocale(value) ? value : null;
}

function busLocale(bus: EventBus | undefined): Locale | null {
  if (!bus) return null;
  const value: unknown = bus.current('locale');
  return isLocale(value) ? value : null;
}

/**
 * Initialises the one i18next instance (shared as a federation singleton, so the host's
 * instance is the one every remote translates with). Safe to call more than once.
 */
export function initI18n(options: InitI18nOptions = {}): typeof i18next {
  storageRef = options.storage ?? defaultStorage();
  const locale = storedLocale(storageRef) ?? busLocale(options.bus) ?? DEFAULT_LOCALE;
  if (options.titleKey) titleKey = options.titleKey;
  if (!i18next.isInitialized) {
    i18next.on('languageChanged', followDocument);
    void i18next.use(initReactI18next).init({
      resources: { en: { [COMMON_NS]: en }, zh: { [COMMON_NS]: zh } },
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [COMMON_NS],
      defaultNS: COMMON_NS,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      // A dispatcher console must not print vendor notices into the console log.
      showSupportNotice: false,
    });
  }
  for (const bundle of pending.splice(0)) addBundles(bundle);
  followDocument();
  if (options.bus && options.bus !== boundBus) bindBus(options.bus);
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
  boundBus?.publish('locale', locale);
  return i18next;
}

/** The page says which language it is in (and, for the host, its title in that language). */
function followDocument(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[currentLocale()];
  if (titleKey) document.title = i18next.t(titleKey);
}

function bindBus(bus: EventBus): void {
  boundBus = bus;
  // Anyone may publish a new locale (a remote's settings, another tab's bootstrap): follow it.
  bus.on('locale').subscribe((value: unknown) => {
    if (isLocale(value) && value !== i18next.language) applyLocale(value);
  });
}

function applyLocale(locale: Locale): void {
  storageRef?.setItem(STORAGE_KEYS.locale, locale);
  void i18next.changeLanguage(locale);
}

/** Switches the interface language, keeps it in localStorage and tells the bus. */
export function setLocale(locale: Locale): void {
  applyLocale(locale);
  if (boundBus && boundBus.current('locale') !== locale) boundBus.publish('locale', locale);
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

function addBundles({ ns, en: enStrings, zh: zhStrings }: PendingBundle): void {
  i18next.addResourceBundle('en', ns, enStrings, true, true);
  i18next.addResourceBundle('zh', ns, zhStrings, true, true);
}

/** A remote's own namespace, in English and Chinese. */
export function addRemoteStrings(ns: string, enStrings: Strings, zhStrings: Strings): void {
  const bundle = { ns, en: enStrings, zh: zhStrings };
  if (i18next.isInitialized) addBundles(bundle);
  else pending.push(bundle);
}

export const commonStrings = { en, zh } as const;
