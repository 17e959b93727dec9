import { useEffect, useRef } from 'react';
import { badgeIcon } from './favicon';

/** The page's `<link rel="icon">` as it was before us, to put back. */
interface Original {
  link: HTMLLinkElement;
  /** The href it had; null when we added the link ourselves (then it is removed again). */
  href: string | null;
}

/**
 * The count in the document title ("(2) SOS management"; the plain title at 0) and as a badge on
 * the favicon, so a dispatcher with the page in a background tab still sees an SOS waiting. Both
 * are put back as they were when the page goes.
 */
export function useCountBadge(count: number, title: string): void {
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    document.title = count > 0 ? `(${count}) ${title}` : title;
  }, [count, title]);

  const original = useRef<Original | null>(null);
  useEffect(() => {
    const existing = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const link = existing ?? Object.assign(document.createElement('link'), { rel: 'icon' });
    if (!existing) document.head.append(link);
    original.current = { link, href: existing ? existing.getAttribute('href') : null };
    return () => {
      const o = original.current;
      original.current = null;
      if (!o) return;
      if (o.href === null) o.link.remove();
      else o.link.setAttribute('href', o.href);
    };
  }, []);
  useEffect(() => {
    const o = original.current;
    if (!o) return;
    const icon = count > 0 ? badgeIcon(count) : null;
    if (icon) o.link.setAttribute('href', icon);
    else if (o.href !== null) o.link.setAttribute('href', o.href);
    else o.link.removeAttribute('href');
  }, [count]);
}
