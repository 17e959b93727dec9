export { ExportButton } from './ExportButton';
export type { ExportTarget } from './useExport';
export { en, zh } from './strings';
