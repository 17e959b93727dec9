import { useState } from 'react';
import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../strings';
import { u } from './units';
import { clip, useCapacity } from './useCapacity';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    flex: '1 1 0',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: u(0.5),
    boxShadow: tokens.shadow4,
    padding: `${u(0.6)} ${u(0.9)}`,
    boxSizing: 'border-box',
  },
  fixed: { flex: 'none' },
  title: { margin: 0, fontSize: u(1.25), lineHeight: u(1.8), fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  list: { listStyle: 'none', margin: 0, padding: 0, flex: '1 1 0', minHeight: 0, overflow: 'hidden', fontSize: u(1) },
  row: { overflow: 'hidden', boxSizing: 'border-box' },
  more: { color: tokens.colorNeutralForeground3, display: 'flex', alignItems: 'center' },
  empty: { color: tokens.colorNeutralForeground3, fontSize: u(1.1), margin: `${u(0.5)} 0` },
});

export interface PanelProps {
  title: string;
  testId: string;
  /** A panel of its own size (the counts): not stretched, no list. */
  fixed?: boolean;
  children: ReactNode;
}

export function Panel({ title, testId, fixed = false, children }: PanelProps) {
  const styles = useStyles();
  return (
    <section className={mergeClasses(styles.panel, fixed && styles.fixed)} aria-label={title} data-testid={testId}>
      <h2 className={styles.title}>{title}</h2>
      {children}
    </section>
  );
}

export interface ClippedListProps<T> {
  items: readonly T[];
  /** Height of one row, in screen units. */
  rowUnits: number;
  keyOf: (item: T) => string | number;
  render: (item: T) => ReactNode;
  empty: string;
  label?: string;
}

/** A list that never scrolls: as many rows as fit, then "and N more". */
export function ClippedList<T>({ items, rowUnits, keyOf, render, empty, label }: ClippedListProps<T>) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [element, setElement] = useState<HTMLUListElement | null>(null);
  const capacity = useCapacity(element, rowUnits);
  const { shown, more } = clip(items, capacity);
  const height = { height: u(rowUnits) };
  return (
    <ul className={styles.list} ref={setElement} aria-label={label}>
      {items.length === 0 && <li className={styles.empty}>{empty}</li>}
      {shown.map((item) => (
        <li key={keyOf(item)} className={styles.row} style={height}>
          {render(item)}
        </li>
      ))}
      {more > 0 && (
        <li className={mergeClasses(styles.row, styles.more)} style={height} data-testid="screen-more">
          {t('more', { count: more })}
        </li>
      )}
    </ul>
  );
}
