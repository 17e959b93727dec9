export { FenceListPage } from './FenceListPage';
export type { ListNotice } from './FenceListPage';
export { en, zh } from './strings';
