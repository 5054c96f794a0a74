export { FormDialog, type FormDialogProps, focusFirstField } from './FormDialog';
