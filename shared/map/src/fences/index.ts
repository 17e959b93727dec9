// The read-only fence overlay (ADR 027): the dispatch map's fence layer and the fences remote's previews.
export { FenceLayer, FENCE_PANE } from './FenceLayer';
export type { FenceLayerOptions } from './FenceLayer';
export { FenceOverlay, useFenceOverlay } from './FenceOverlay';
export type { FenceOverlayOptions, FenceOverlayProps } from './FenceOverlay';
export { FENCE_COLORS, FENCE_STOPPED_COLOR, fenceStyle } from './style';
export type { FenceDrawing } from './types';
