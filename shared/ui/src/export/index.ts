// Streamed exports of a list's filtered rows (ADR 028): the button with its progress dialog, the
// hook under it and the download itself. Moved here from the records remote so every remote's
// lists export the same way (patrol runs and check-ins, ADR 029).
export { ExportButton, failureText } from './ExportButton';
export { useExport } from './useExport';
export type { ExportRun, ExportTarget } from './useExport';
export { downloadExport, exportQuery, newExportId, refusalOf, saveFile } from './exportFile';
export type { ExportRequest } from './exportFile';
export { EXPORT_NS } from './strings';
