import { type FormEvent, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { shortOrderId } from '@keen/rules';

export interface ShipTracking {
  carrier: string;
  number: string;
}

interface ShipDialogProps {
  order: { id: string; name: string } | null;
  busy: boolean;
  onShip: (tracking: ShipTracking) => void;
  onCancel: () => void;
}

/** Ship from All Orders: the carrier and the tracking number, both optional, go into the customer's mail and My Orders. */
export default function ShipDialog({ order, busy, onShip, onCancel }: ShipDialogProps) {
  const [tracking, setTracking] = useState<ShipTracking>({ carrier: '', number: '' });
  function submit(event: FormEvent) {
    event.preventDefault();
    onShip(tracking);
  }
  return (
    <Dialog
      open={order !== null}
      onClose={onCancel}
      aria-labelledby="ship-dialog-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setTracking({ carrier: '', number: '' }) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="ship-dialog-title">Ship order #{order ? shortOrderId(order.id) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {order?.name}: the customer is told by e-mail, with the tracking when you give it.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="Carrier (optional)"
              value={tracking.carrier}
              onChange={(event) => setTracking({ ...tracking, carrier: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              autoFocus
            />
            <TextField
              label="Tracking number (optional)"
              value={tracking.number}
              onChange={(event) => setTracking({ ...tracking, number: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button type="submit" variant="contained" disabled={busy}>
            Ship
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
