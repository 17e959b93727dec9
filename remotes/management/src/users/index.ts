export { UsersPage } from './UsersPage';
export { en, zh } from './strings';
