export { FenceEditPage } from './FenceEditPage';
export { en, zh } from './strings';
