// Temporary room test helpers the map's dialog tests share (tests only).
export { posted, renderTempRoom, tempFrame, userFrame } from './tempRoomTest';
