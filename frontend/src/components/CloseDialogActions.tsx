import { Button, DialogActions } from '@mui/material';

/** The actions of a dialog that only shows something (a ledger, a delivery log): one Close button. */
export default function CloseDialogActions({ onClose }: { onClose: () => void }) {
  return (
    <DialogActions>
      <Button onClick={onClose}>Close</Button>
    </DialogActions>
  );
}
