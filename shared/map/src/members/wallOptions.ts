import type { MemberLayerOptions } from './MemberLayer';

/** Above this map width (CSS px) the member canvas is drawn at half resolution. */
export const WALL_HALF_RESOLUTION_ABOVE_PX = 2560;

/**
 * MemberLayer options for a map nobody pans (a wall display): no canvas beyond the view, and on
 * maps wider than 2560 CSS px (a 4K wall at device scale 1) half the canvas pixels: in software
 * compositing every repaint costs in proportion to the pixels and canvas tiles (ADR 009 addendum,
 * issue 21), and members seen from metres away lose nothing visible.
 */
export function wallLayerOptions(mapWidthPx: number): Pick<MemberLayerOptions, 'padding' | 'resolution'> {
  return { padding: 0, resolution: mapWidthPx > WALL_HALF_RESOLUTION_ABOVE_PX ? 0.5 : 1 };
}
