import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { ReactElement } from 'react';

/** Pages longer than this render only the rows in view. */
export const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 41;

interface Props<T> {
  rows: readonly T[];
  render: (row: T) => ReactElement;
  maxHeight: number;
  columnCount: number;
  /**
   * The element that scrolls (the table's wrapper), held in state by the table: a ref would still
   * be empty when these rows' layout effects first run, since children commit before parents.
   */
  scroller: HTMLDivElement | null;
}

/**
 * The table body's rows. A long page is windowed: spacer rows keep the scroll height true while
 * only the rows in view (plus a margin) are in the DOM, so a 100-row page with buttons in every
 * row stays quick on a dispatcher's long-running tab.
 */
export function TableRows<T>(props: Props<T>) {
  if (props.rows.length < VIRTUAL_FROM) return <>{props.rows.map(props.render)}</>;
  return <VirtualRows {...props} />;
}

function VirtualRows<T>({ rows, render, maxHeight, columnCount, scroller }: Props<T>) {
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // A wrapper not laid out yet (or jsdom, which lays out nothing) counts as its full height, so
    // the first screenful renders instead of nothing.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: maxHeight })),
  });
  const items = virtual.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <>
      <tr aria-hidden style={{ height: before }}>
        <td colSpan={columnCount} style={{ padding: 0, border: 0 }} />
      </tr>
      {items.map((item) => render(rows[item.index] as T))}
      {after > 0 && (
        <tr aria-hidden style={{ height: after }}>
          <td colSpan={columnCount} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
    </>
  );
}
