/**
 * Gathers items and hands them over once per animation frame, so a storm of frames (everyone
 * reconnecting after a restart) costs one store update per frame instead of one per frame received.
 */
export function frameBatch<T>(flush: (items: T[]) => void): { push: (item: T) => void; cancel: () => void } {
  let items: T[] = [];
  let handle: number | null = null;
  const hasRaf = typeof requestAnimationFrame === 'function';
  const run = () => {
    handle = null;
    const batch = items;
    items = [];
    if (batch.length > 0) flush(batch);
  };
  return {
    push(item) {
      items.push(item);
      if (handle !== null) return;
      handle = hasRaf ? requestAnimationFrame(run) : (setTimeout(run, 16) as unknown as number);
    },
    cancel() {
      if (handle !== null) {
        if (hasRaf) cancelAnimationFrame(handle);
        else clearTimeout(handle);
      }
      handle = null;
      items = [];
    },
  };
}
