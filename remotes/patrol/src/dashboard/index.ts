export { DashboardPage } from './DashboardPage';
export { en, zh } from './strings';
