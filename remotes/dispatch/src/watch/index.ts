// Watched channels (issue 19): the dispatcher hears several channels at once, each at its own
// volume, mute and side, and transmits on the selected one only.
export { WatchPanel } from './WatchPanel';
export { WatchedPtt } from './WatchedPtt';
export type { WatchPanelProps } from './WatchPanel';
export { useSelectedOutput } from './useSelectedOutput';
export { useWatchedRooms } from './useWatchedRooms';
export { watchApi } from './api';
export { watchEn, watchZh } from './strings';
