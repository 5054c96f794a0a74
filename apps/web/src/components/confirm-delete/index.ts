export { type DeleteConfirmation, type DeleteQuestion, useConfirmDelete } from './use-confirm-delete';
