import type { LngLat } from '@ptt/contracts';
import { useFencePageQuery } from '../core';

/**
 * Where a new fence's map starts: at the most recently changed fence of the organisation, so the
 * map opens over its own ground rather than the whole country. Undefined while unknown or none.
 */
export function useStartPoint(wanted: boolean): LngLat | undefined {
  const { data } = useFencePageQuery({ page: 1, size: 1, sort: 'updatedAt', order: 'desc', filters: { q: '', enabled: '', rule: '' } }, { skip: !wanted });
  const shape = data?.items[0]?.shape;
  if (!shape) return undefined;
  return shape.type === 'circle' ? shape.center : shape.points[0];
}
