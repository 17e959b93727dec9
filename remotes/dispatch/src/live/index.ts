// The live map feature: what the console puts in its centre pane, and the slice the store combines.
export { LiveMap } from './LiveMap';
export type { LiveMapProps } from './LiveMap';
export { liveSlice } from './slice';
export { liveEn, liveZh } from './strings';
export { textLabel } from './talkerMarkers';
