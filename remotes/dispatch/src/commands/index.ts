// Device remote commands: the command bar with each command's lifecycle, the sync of their
// status frames, and the command slice.
export { COMMAND_BAR_ID, CommandBar } from './CommandBar';
export { useCommandStatusSync } from './useCommandStatusSync';
export { useSendCommand } from './useSendCommand';
export { commandsSlice } from './state/commands';
