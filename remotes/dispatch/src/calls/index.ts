// 1V1 calls: the call dialog the page mounts, the call log the layout shows, the sync that
// follows calls (MsgComm frames, requests from member rows, the map, SOS) and the call slice.
export { CallDialog } from './CallDialog';
export { CallLog } from './CallLog';
export { useCallSync } from './useCallSync';
export { callSlice } from './state/call';
