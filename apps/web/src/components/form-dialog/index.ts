export { FormDialog, type FormDialogProps, useSubmit } from './FormDialog';
