import { z } from 'zod';
import { text } from './text';
import { localeSchema } from './enums';
import type { Locale } from './enums';

/**
 * Keys the system or browser keeps for itself, so they cannot be the PTT key (spec section 5).
 * Compared case-insensitively after dropping a Left/Right suffix, so both `KeyboardEvent.key`
 * ('Shift') and `KeyboardEvent.code` ('ShiftLeft') values are caught.
 */
export const RESERVED_KEYS: readonly string[] = [
  'Escape',
  'Esc',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
  'Tab',
  'Alt',
  'AltGraph',
  'Shift',
  'Control',
  'Ctrl',
  'Meta',
  'OS',
  'Super',
  'Hyper',
  'Fn',
  'FnLock',
  'CapsLock',
  'NumLock',
  'ScrollLock',
  'ContextMenu',
  'PrintScreen',
  'Pause',
];

const RESERVED = new Set(RESERVED_KEYS.map((k) => k.toLowerCase()));

export function isReservedKey(key: string): boolean {
  const base = key.trim().replace(/(Left|Right)$/, '').toLowerCase();
  return RESERVED.has(base);
}

/** Map types of the settings dialog (spec section 2) and the styles each offers, the first being its default. */
export const MAP_STYLES = {
  google: ['roadmap', 'satellite', 'hybrid', 'terrain'],
  amap: ['normal', 'satellite', 'dark'],
  mapWorld: ['vector', 'image', 'terrain'],
} as const;
export const MAP_TYPES = ['google', 'amap', 'mapWorld'] as const;
export type MapType = (typeof MAP_TYPES)[number];
export type MapStyle<T extends MapType = MapType> = (typeof MAP_STYLES)[T][number];

const mapError = { error: 'validation.mapInvalid' };
/** A map type with one of its own styles: a Google style never rides on an AMap type. */
export const mapSettingsSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('google'), style: z.enum(MAP_STYLES.google, mapError) }),
    z.object({ type: z.literal('amap'), style: z.enum(MAP_STYLES.amap, mapError) }),
    z.object({ type: z.literal('mapWorld'), style: z.enum(MAP_STYLES.mapWorld, mapError) }),
  ],
  mapError,
);
export type MapSettings = z.infer<typeof mapSettingsSchema>;

/** The map's default: Google's road map, first in the spec's list. */
export const DEFAULT_MAP: Readonly<MapSettings> = { type: 'google', style: 'roadmap' };

/** A `MediaDeviceInfo.deviceId`; absent means the system default device. */
const audioDeviceIdSchema = text({ error: 'validation.audioDeviceInvalid' }).max(256, { error: 'validation.audioDeviceInvalid' });

/**
 * Local settings kept under the `settings` storage key. `pttKey` is a `KeyboardEvent.code`
 * ('Space', 'KeyT'), so the key does not move with the keyboard layout. `map` and the audio
 * device ids came later: they have defaults, so a value stored before them still parses.
 */
export const localSettingsSchema = z.object({
  locale: localeSchema,
  pttKey: text({ error: 'validation.pttKeyRequired' })
    .trim()
    .min(1, { error: 'validation.pttKeyRequired' })
    .refine((k) => !isReservedKey(k), { error: 'validation.pttKeyReserved' }),
  pressTimeMs: z
    .number({ error: 'validation.pressTimeRequired' })
    .positive({ error: 'validation.pressTimePositive' }),
  pttMaxDurationS: z
    .number({ error: 'validation.pttMaxDurationRequired' })
    .positive({ error: 'validation.pttMaxDurationPositive' }),
  map: mapSettingsSchema.default(() => ({ ...DEFAULT_MAP })),
  speakerId: audioDeviceIdSchema.optional(),
  microphoneId: audioDeviceIdSchema.optional(),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;

// The spec leaves the values open: a short press threshold and a one-minute talk cap.
export const DEFAULT_PRESS_TIME_MS = 300;
export const DEFAULT_PTT_MAX_DURATION_S = 60;

export const DEFAULT_SETTINGS: Readonly<LocalSettings> = {
  locale: 'en' satisfies Locale,
  pttKey: 'Space',
  pressTimeMs: DEFAULT_PRESS_TIME_MS,
  pttMaxDurationS: DEFAULT_PTT_MAX_DURATION_S,
  map: DEFAULT_MAP,
};

type SettingsField = keyof typeof localSettingsSchema.shape;

/**
 * Stored settings, read field by field: a field that is missing or bad (an older version, a hand
 * edit, another tab's half write) falls back to its default and the good fields are kept. Never
 * throws, whatever `value` is.
 */
export function settingsOrDefaults(value: unknown): LocalSettings {
  const whole = localSettingsSchema.safeParse(value);
  if (whole.success) return whole.data;
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const field of Object.keys(localSettingsSchema.shape) as SettingsField[]) {
    const one = localSettingsSchema.shape[field].safeParse(stored[field]);
    if (one.success && one.data !== undefined) result[field] = one.data;
  }
  return localSettingsSchema.parse(result);
}
