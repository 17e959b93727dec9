import { z } from 'zod';
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

/**
 * Local settings kept under the `settings` storage key. `pttKey` is a `KeyboardEvent.code`
 * ('Space', 'KeyT'), so the key does not move with the keyboard layout.
 */
export const localSettingsSchema = z.object({
  locale: localeSchema,
  pttKey: z
    .string({ error: 'validation.pttKeyRequired' })
    .trim()
    .min(1, { error: 'validation.pttKeyRequired' })
    .refine((k) => !isReservedKey(k), { error: 'validation.pttKeyReserved' }),
  pressTimeMs: z
    .number({ error: 'validation.pressTimeRequired' })
    .positive({ error: 'validation.pressTimePositive' }),
  pttMaxDurationS: z
    .number({ error: 'validation.pttMaxDurationRequired' })
    .positive({ error: 'validation.pttMaxDurationPositive' }),
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
};
