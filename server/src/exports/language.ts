import type { ExportLanguage } from './cells';

/**
 * The language of an export's headers from the request's Accept-Language: Chinese when a `zh`
 * tag is preferred over every English one (quality, then order), English otherwise.
 */
export function exportLanguage(acceptLanguage: string | string[] | undefined): ExportLanguage {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best: { lang: ExportLanguage; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const lang = tag === 'zh' || tag.startsWith('zh-') ? 'zh' : tag === 'en' || tag.startsWith('en-') ? 'en' : null;
    if (!lang) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? 'en';
}
