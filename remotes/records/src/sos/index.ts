export { SosRecords } from './SosRecords';
export { en, zh } from './strings';
