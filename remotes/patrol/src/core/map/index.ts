export { PatrolMap } from './PatrolMap';
export { useMapView, fitPlaces } from './useMapView';
export type { Projector } from './useMapView';
export { COLORS, DraggablePin, MemberMarks, NodeMarks, RouteLine } from './marks';
export type { MemberMark, NodeMark } from './marks';
