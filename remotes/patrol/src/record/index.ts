export { RecordPage } from './RecordPage';
export { en, zh } from './strings';
