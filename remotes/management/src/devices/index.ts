export { DevicesPage } from './DevicesPage';
export { en, zh } from './strings';
