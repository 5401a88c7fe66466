import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  /** A step that destroys something is red; a final yes to something else is the primary colour. */
  confirmColor?: 'error' | 'primary';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal asking to confirm a destructive step, with Delete and Cancel by default. */
export default function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Delete',
  confirmColor = 'error',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button color={confirmColor} variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
