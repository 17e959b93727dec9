import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, currentLocale } from '@ptt/ui';
import { NS } from './ns';

/** A span of milliseconds in whole days, hours, minutes and seconds (never negative). */
export function durationParts(ms: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/** The two largest units of a span: "2 d 4 h", "1 h 5 min", "3 min 20 s", "45 s". */
export function durationKey(ms: number): { key: string; values: Record<string, number> } {
  const p = durationParts(ms);
  if (p.d > 0) return { key: 'core.duration.days', values: p };
  if (p.h > 0) return { key: 'core.duration.hours', values: p };
  if (p.m > 0) return { key: 'core.duration.minutes', values: p };
  return { key: 'core.duration.seconds', values: p };
}

/** Cell texts in the interface language ('zh' -> zh-CN) and the browser's time zone. */
export function useFormat() {
  // useTranslation re-renders on a language switch, so the formats follow it.
  const { t } = useTranslation(NS);
  const locale = currentLocale();
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(HTML_LANG[locale], { dateStyle: 'medium', timeStyle: 'medium' });
    const none = t('core.none');
    return {
      locale,
      time: (iso: string | null) => (iso ? dates.format(new Date(iso)) : none),
      text: (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? none : String(v)),
      coord: (v: number | null) => (v === null ? none : v.toFixed(6)),
      user: (u: { nickname: string; account: string } | null) => (u ? t('core.user', { nickname: u.nickname, account: u.account }) : none),
      duration: (fromIso: string, toIso: string) => {
        const { key, values } = durationKey(Date.parse(toIso) - Date.parse(fromIso));
        return t(key, values);
      },
    };
  }, [t, locale]);
}

export type Format = ReturnType<typeof useFormat>;
