import type { FenceRule, FenceShape } from '@ptt/contracts';

/**
 * What the overlay needs of a fence: a list item (`Fence`), a detail, or an editor's draft all
 * fit. The shape is WGS-84, as the server stores and answers it.
 */
export interface FenceDrawing {
  id: number;
  name: string;
  rule: FenceRule;
  shape: FenceShape;
  /** false draws the fence greyed (a stopped fence in a list's preview); default true. */
  enabled?: boolean;
}
