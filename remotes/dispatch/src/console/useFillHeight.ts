import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/** Smallest height the console takes, so a tiny window scrolls the page rather than crush panes. */
export const MIN_CONSOLE_HEIGHT_PX = 420;

const px = (value: string) => parseFloat(value) || 0;

/**
 * What the page shows after `el` down to its end: the following siblings of `el` and of each of
 * its ancestors (the build tag), and the ancestors' bottom padding, borders and margins. Summed
 * from the elements themselves because the shell's root may be at least as tall as the window.
 */
function spaceBelow(el: HTMLElement): number {
  let total = 0;
  let node: Element = el;
  while (node !== document.body && node.parentElement) {
    for (let sib = node.nextElementSibling; sib; sib = sib.nextElementSibling) {
      const cs = getComputedStyle(sib);
      if (cs.position === 'absolute' || cs.position === 'fixed' || cs.display === 'none') continue;
      total += sib.getBoundingClientRect().height + px(cs.marginTop) + px(cs.marginBottom);
    }
    const parent: HTMLElement = node.parentElement;
    const ps = getComputedStyle(parent);
    total += px(ps.paddingBottom) + px(ps.borderBottomWidth) + (parent === document.body ? px(ps.marginBottom) : 0);
    node = parent;
  }
  return total;
}

/**
 * The height that makes the element end where the window does, leaving room for what the shell
 * puts below it (padding, the build tag): the console fits the window and only its panes scroll.
 * The shell's header height is not known here (it can wrap), so it is measured, not assumed.
 */
export function useFillHeight(ref: RefObject<HTMLElement>): number | null {
  const [height, setHeight] = useState<number | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      // Hidden (the host keeps the console mounted while another page shows): nothing to fit.
      if (rect.width === 0 && rect.height === 0) return;
      const below = spaceBelow(el);
      const top = rect.top + window.scrollY;
      const next = Math.max(MIN_CONSOLE_HEIGHT_PX, Math.floor(window.innerHeight - top - below));
      setHeight((prev) => (prev === next ? prev : next));
    };
    measure();
    window.addEventListener('resize', measure);
    // Showing the console again, or the header wrapping, changes the layout without a resize event.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);

  return height;
}
