export { ManagementProvider, useManagement, useCan } from './context';
export type { ManagementServices } from './context';
export { saveFile } from './files';
export { NS } from './ns';
export { usePresence } from './usePresence';
