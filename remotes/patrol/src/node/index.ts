export { NodePage } from './NodePage';
export { en, zh } from './strings';
