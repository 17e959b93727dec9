// The chat feature's public surface: the console puts ChatPanel in its layout; the store
// combines chatSlice (./slice).
export { ChatPanel } from './ChatPanel';
export type { ChatPanelProps } from './ChatPanel';

