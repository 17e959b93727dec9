import type * as L from 'leaflet';
import type { FenceRule } from '@ptt/contracts';

// Plain colours, not Fluent's CSS variables: SVG attributes set by Leaflet cannot resolve var().
// 'leave' fences are the area members must keep to: green. 'stay' fences are where members must
// not be: red. The outline differs too (dashed for 'leave'), so the rule does not rest on colour.
export const FENCE_COLORS: Readonly<Record<FenceRule, string>> = { leave: '#107c10', stay: '#c50f1f' };
/** A stopped fence raises nothing: grey whatever its rule. */
export const FENCE_STOPPED_COLOR = '#8a8886';

const DASH: Readonly<Record<FenceRule, string | undefined>> = { leave: '8 6', stay: undefined };

/** The path options of one fence; the highlighted one (an alert's fence) is bolder and filled more. */
export function fenceStyle(rule: FenceRule, enabled: boolean, highlighted: boolean): L.PathOptions {
  const color = enabled ? FENCE_COLORS[rule] : FENCE_STOPPED_COLOR;
  return {
    color,
    fillColor: color,
    weight: highlighted ? 4 : 2,
    opacity: highlighted ? 1 : 0.85,
    fillOpacity: highlighted ? 0.22 : 0.08,
    dashArray: DASH[rule],
  };
}
