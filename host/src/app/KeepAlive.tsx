import { useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * Mounts its children the first time `active` is true and then keeps them mounted, hidden while
 * inactive, so a page keeps its state when the user leaves it (spec: /main/dispatch, /update).
 */
export function KeepAlive({ active, children }: { active: boolean; children: ReactNode }) {
  const visited = useRef(false);
  if (active) visited.current = true;
  if (!visited.current) return null;
  return <div hidden={!active}>{children}</div>;
}
