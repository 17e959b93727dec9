// Push-to-talk: the channel's PTT panel and recent bursts, the floor and media sync, and the
// pieces a temporary room or a call reuses (hold button, press and room hooks, media answer).
export { PttPanel, noticeText } from './PttPanel';
export type { PttPanelProps } from './PttPanel';
export { PttRecent } from './RecentList';
export { HoldButton } from './HoldButton';
export { usePttSync } from './usePttSync';
export { usePttPress } from './usePttPress';
export { openRoom, useMediaClient, useOutput, useRoom } from './usePttRoom';
export type { CreateMediaClient } from './usePttRoom';
export { fetchMedia, fetchRecent } from './api';
export { pttSlice } from './slice';
export type { HeldFloor, PressView } from './slice';
export { pttEn, pttZh } from './strings';
