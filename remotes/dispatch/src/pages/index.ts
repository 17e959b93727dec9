export { DispatchPage } from './DispatchPage';
