export { useConfirmDelete } from './use-confirm-delete';
