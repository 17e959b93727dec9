import { useEffect, useState } from 'react';

/**
 * How many rows of `rowUnits` screen units fit in `element` (Infinity until it has been measured,
 * or where nothing is laid out, as in jsdom). The wall never scrolls: lists clip to this.
 */
export function useCapacity(element: HTMLElement | null, rowUnits: number): number {
  const [capacity, setCapacity] = useState(Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const unit = parseFloat(getComputedStyle(element).fontSize);
      const height = element.clientHeight;
      if (!unit || !height) return;
      setCapacity(Math.max(1, Math.floor(height / (rowUnits * unit))));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [element, rowUnits]);
  return capacity;
}

/** The rows to show and how many are left out: the last slot says "and N more" when some are. */
export function clip<T>(items: readonly T[], capacity: number): { shown: readonly T[]; more: number } {
  if (items.length <= capacity) return { shown: items, more: 0 };
  const room = Math.max(0, capacity - 1);
  return { shown: items.slice(0, room), more: items.length - room };
}
