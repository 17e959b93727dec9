import { useMemo } from 'react';
import { HTML_LANG, currentLocale } from '@ptt/ui';

/** Date and time to the second in the interface language, '—' for none. */
export function useTimeFormat() {
  const locale = HTML_LANG[currentLocale()];
  return useMemo(() => {
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
    const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
    return {
      time: (iso: string | null) => (iso ? full.format(new Date(iso)) : '—'),
      clock: (ms: number) => clock.format(new Date(ms)),
    };
  }, [locale]);
}
