export { ManagementProvider, useManagement, useCan } from './context';
export type { ManagementServices } from './context';
export { saveFile } from './files';
export { NS } from './ns';
export { RowActions, ROW_ACTIONS_WIDTH } from './RowActions';
export type { RowAction, RowActionsProps } from './RowActions';
export { usePresence } from './usePresence';
export { en, zh } from './strings';
export { pickerQuery } from './pickerQuery';
