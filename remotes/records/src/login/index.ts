export { LoginRecords } from './LoginRecords';
export { en, zh } from './strings';
