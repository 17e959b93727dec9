// The live map feature: what the console puts in its centre pane.
export { LiveMap } from './LiveMap';
export type { LiveMapProps } from './LiveMap';
