// Geofences on the dispatch console (ADR 027): cross-border alerts (notification and list with
// "Show on map") and the map's fence layer. Below `live`, which puts them on its map.
export { FenceAlertList } from './FenceAlertList';
export type { FenceAlertListProps } from './FenceAlertList';
export { FenceLayerMenu } from './FenceLayerMenu';
export type { FenceLayerMenuProps } from './FenceLayerMenu';
export { FenceMapLayer } from './FenceMapLayer';
export type { FenceMapLayerProps } from './FenceMapLayer';
export { useFenceAlerts } from './useFenceAlerts';
export { useFenceLayerSetting } from './layerSetting';
export { fenceAlertShown, fenceAlertsSlice, shownAlert } from './slice';
export type { FenceAlertEntry } from './slice';
export { fencesEn, fencesZh } from './strings';
