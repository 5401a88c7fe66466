import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useFullScreenDialog } from './useFullScreenDialog';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefixes the title's id, which names the dialog. */
  id: string;
  title: ReactNode;
  submitLabel: string;
  /** The dialog's formik form: submitted by its button, reset once the dialog has closed. */
  formik: { handleSubmit: (event?: FormEvent<HTMLFormElement>) => void; isSubmitting: boolean; resetForm: () => void };
  children: ReactNode;
}

/** A form in a dialog, with Cancel and its submit button (busy while the form is sent); full screen on a phone. */
export default function FormDialog({ open, onClose, id, title, submitLabel, formik, children }: FormDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      slotProps={{ transition: { onExited: () => formik.resetForm() } }}
    >
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formik.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
