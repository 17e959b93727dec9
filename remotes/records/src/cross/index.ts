export { CrossRecords } from './CrossRecords';
export { en, zh } from './strings';
