import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

/** SPEC's delete confirmation: the item's details, then Delete or Cancel. */
export default function ConfirmDeleteDialog({ open, busy, onConfirm, onCancel, children }: { open: boolean; busy?: boolean; onConfirm: () => void; onCancel: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-delete-title">
      <DialogTitle id="confirm-delete-title">Are you sure you want to delete ?</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Delete
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
