export { AssignWizardButton } from './AssignWizard';
export { en, zh } from './strings';
