export { NS } from './ns';
