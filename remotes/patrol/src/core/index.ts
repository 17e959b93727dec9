export { NS } from './ns';
export { en as coreEn, zh as coreZh } from './strings';
export { PatrolProvider, useCan, useMapSettings, usePatrolServices } from './context';
export type { PatrolServices } from './context';
export { ALL, coreApi, usePatrolAllNodesQuery, usePatrolAllTasksQuery, usePatrolTimeZoneQuery } from './api';
export { WEEK, formatDuration, formatTime, fromMmSs, scheduleSummary, toMmSs } from './format';
export * from './map';
