export { MemberPage } from './MemberPage';
export { en, zh } from './strings';
