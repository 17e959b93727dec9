export { SectionPage } from './SectionPage';
