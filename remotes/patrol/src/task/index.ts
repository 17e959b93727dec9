export { TaskPage } from './TaskPage';
export { en, zh } from './strings';
