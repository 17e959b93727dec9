const UNITS = ['b', 'kb', 'mb', 'gb'] as const;

/** A byte count as the i18n key of its unit and a short number (1 decimal from KB up). */
export function formatSize(bytes: number): { key: `size.${(typeof UNITS)[number]}`; n: string } {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { key: `size.${UNITS[unit]!}`, n: unit === 0 ? String(value) : value.toFixed(1) };
}
