import { useCallback, useEffect } from 'react';
import { STORAGE_KEYS, localSettingsSchema, settingsOrDefaults } from '@ptt/contracts';
import type { LocalSettings } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { currentLocale, useBusState } from '@ptt/ui';
import { useServices } from '../app/services';

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The stored settings, or the defaults for whatever is missing or bad; never throws. The locale
 * has its own storage key (read by i18n before anything else), so the interface language wins
 * over the copy inside the settings entry.
 */
export function loadSettings(storage: Storage | null = browserStorage()): LocalSettings {
  const stored = settingsOrDefaults(readJson(storage?.getItem(STORAGE_KEYS.settings) ?? null));
  return { ...stored, locale: currentLocale() };
}

/** Validates, keeps and returns the settings; a value the schema refuses throws its first message key. */
export function saveSettings(next: LocalSettings, storage: Storage | null = browserStorage()): LocalSettings {
  const valid = localSettingsSchema.parse(next);
  storage?.setItem(STORAGE_KEYS.settings, JSON.stringify(valid));
  return valid;
}

/**
 * Publishes the stored settings on the bus topic 'settings' (for the dispatch remote's PTT key,
 * press time and max duration) and republishes them when the interface language changes.
 */
export function publishSettings(bus: EventBus, storage: Storage | null = browserStorage()): () => void {
  if (!bus.current('settings')) bus.publish('settings', loadSettings(storage));
  const sub = bus.on('locale').subscribe((locale) => {
    const current = bus.current('settings');
    if (current && current.locale !== locale) bus.publish('settings', { ...current, locale });
  });
  return () => sub.unsubscribe();
}

/** Keeps the bus topic 'settings' filled for the whole page (the shell, /update, /sosManagement). */
export function SettingsPublisher(): null {
  const { bus } = useServices();
  useEffect(() => publishSettings(bus), [bus]);
  return null;
}

/** The current settings and a function that merges a change, keeps it and publishes it. */
export function useSettings(): [LocalSettings, (change: Partial<LocalSettings>) => LocalSettings] {
  const { bus } = useServices();
  const settings = useBusState(bus, 'settings') ?? loadSettings();
  const update = useCallback(
    (change: Partial<LocalSettings>) => {
      const saved = saveSettings({ ...(bus.current('settings') ?? loadSettings()), ...change });
      bus.publish('settings', saved);
      return saved;
    },
    [bus],
  );
  return [settings, update];
}
