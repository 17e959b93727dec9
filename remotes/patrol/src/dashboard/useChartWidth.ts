import { useEffect, useRef, useState } from 'react';

/** The width a chart draws at until its box is measured (and where nothing is measured: tests). */
export const CHART_FALLBACK_WIDTH = 720;

/**
 * The width of the chart's box, followed as it resizes. recharts' ResponsiveContainer does the
 * same but draws nothing while the box measures 0 (jsdom always does); this keeps a fallback.
 */
export function useChartWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width: width > 0 ? width : CHART_FALLBACK_WIDTH };
}
