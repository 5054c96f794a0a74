export { type ImportKind, ImportWizard } from './ImportWizard';
