// Temporary channels: the rooms the console lists, the controls and room hook the map's
// temporary channel dialog reuses, and their REST calls.
export { TempRooms } from './TempRooms';
export { TempRoomControls } from './TempRoomControls';
export { useTempRoom } from './useTempRoom';
export type { TempRoom } from './useTempRoom';
export { fetchCurrentTempChannels, hangUpTempChannel, startTempChannel } from './api';
export { tempRoomEn, tempRoomZh } from './strings';
