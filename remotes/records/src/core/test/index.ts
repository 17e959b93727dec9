export { BASE, afterInvalidation, location, page, queriesOf, refusal, renderRecords, searchNow } from './renderRecords';
export { fenceAlert, loginRecord, operationRecord, sosRecord } from './fixtures';
export type { Fixture } from './renderRecords';
