// Missed checkpoints on the dispatch console (ADR 029): a notification and a list with "Show on
// map" (the checkpoint centred and marked), beside the fence alerts. Below `live`, which puts them on its map.
export { PatrolAlertList } from './PatrolAlertList';
export type { PatrolAlertListProps } from './PatrolAlertList';
export { PatrolNodeMarker } from './PatrolNodeMarker';
export type { PatrolNodeMarkerProps } from './PatrolNodeMarker';
export { usePatrolAlerts } from './usePatrolAlerts';
export { patrolAlertShown, patrolAlertsSlice, shownPatrolAlert } from './slice';
export type { PatrolAlertEntry } from './slice';
export { patrolEn, patrolZh } from './strings';
