export { TaskEditPage } from './TaskEditPage';
