export { OperationRecords } from './OperationRecords';
export { en, zh } from './strings';
