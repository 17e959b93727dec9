import { useCallback, useMemo, useState } from 'react';
import type { DataColumn } from './tableTypes';

const PREFIX = 'table.columns.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The ids the user hid, or null when nothing is stored (or what is stored is not a list of ids). */
function readHidden(key: string): Set<string> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? new Set(value) : null;
  } catch {
    return null;
  }
}

/**
 * Which columns show, kept per table in local storage so a dispatcher's choice survives the shift's
 * reloads. Without a key the choice lives only as long as the table.
 */
export function useColumnChoice<T>(columns: readonly DataColumn<T>[], key?: string) {
  const [hidden, setHidden] = useState<Set<string>>(
    () => (key ? readHidden(key) : null) ?? new Set(columns.filter((c) => c.hiddenByDefault).map((c) => c.id)),
  );
  const visible = useMemo(() => columns.filter((c) => c.required || !hidden.has(c.id)), [columns, hidden]);
  const toggle = useCallback(
    (id: string, show: boolean) => {
      setHidden((prev) => {
        const next = new Set(prev);
        if (show) next.delete(id);
        else next.add(id);
        if (key) storage()?.setItem(PREFIX + key, JSON.stringify([...next]));
        return next;
      });
    },
    [key],
  );
  return { visible, hidden, toggle };
}
