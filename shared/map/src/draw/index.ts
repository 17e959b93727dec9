// Drawing and editing fence shapes (the fences remote's editor and its previews).
export { ShapeLayer } from './ShapeLayer';
export type { ShapeKind, ShapeLayerOptions } from './ShapeLayer';
export { SHAPE_STYLE, convertShape, layerOf, shapeOf } from './shapes';
export type { DrawnShape, Drawing } from './shapes';
