// The chat feature's public surface: the console puts ChatPanel in its layout; the store
// combines chatSlice; the PTT list shows bursts with the chat's player and time format.
export { ChatPanel } from './ChatPanel';
export type { ChatPanelProps } from './ChatPanel';
export { ChatServicesContext } from './context';
export type { ChatServices } from './context';
export { PttContent } from './MediaContent';
export { formatDuration, formatMessageTime } from './format';
export { chatSlice } from './slice';
export { chatEn, chatZh } from './strings';
