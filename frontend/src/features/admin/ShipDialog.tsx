import { type FormEvent, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { shortOrderId } from '@keen/rules';
import { countryName } from '@keen/rules/address';
import type { BladeHandover } from '../../gql/graphql';

export interface ShipTracking {
  carrier: string;
  number: string;
  /** An age-restricted order's parcel goes with a service that hands it only to an adult whose age it checks. */
  ageVerifiedDelivery: boolean;
}

export interface ShipOrder {
  id: string;
  name: string;
  /** A bladed article is in it: the dialog asks how it is delivered. */
  ageRestricted: boolean;
  /** ageVerified: the destination's rule asks for an age-verified delivery service. */
  deliveryHandover?: BladeHandover | null;
  shippingAddress?: { country: string } | null;
}

interface ShipDialogProps {
  order: ShipOrder | null;
  busy: boolean;
  /** The server's refusal of the last attempt, shown in the dialog. */
  error?: string | null;
  onShip: (tracking: ShipTracking) => void;
  onCancel: () => void;
}

const NOTHING: ShipTracking = { carrier: '', number: '', ageVerifiedDelivery: false };

/**
 * Ship from All Orders: the carrier and the tracking number, both optional, go into the customer's
 * mail and My Orders. An age-restricted order also says whether it goes with an age-verified delivery
 * service, which the server requires where the destination's rule asks for it, and records.
 */
export default function ShipDialog({ order, busy, error, onShip, onCancel }: ShipDialogProps) {
  const [tracking, setTracking] = useState<ShipTracking>(NOTHING);
  const explanationId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onShip(tracking);
  }
  const destination = order?.shippingAddress ? countryName(order.shippingAddress.country) : 'this destination';
  return (
    <Dialog
      open={order !== null}
      onClose={onCancel}
      aria-labelledby="ship-dialog-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setTracking(NOTHING) } }}
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
            {order?.ageRestricted && (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={tracking.ageVerifiedDelivery}
                      onChange={(event) => setTracking({ ...tracking, ageVerifiedDelivery: event.target.checked })}
                      slotProps={{ input: { 'aria-describedby': explanationId } }}
                    />
                  }
                  label="Age-verified delivery"
                />
                <Box id={explanationId}>
                  <Typography variant="body2" color="text.secondary">
                    This order contains a bladed article. Turn this on when the parcel goes with a delivery service that hands it only to an
                    adult whose age the carrier checks; it is kept as evidence with the order.
                  </Typography>
                  {order.deliveryHandover === 'ageVerified' && (
                    <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
                      Required for age-restricted orders to {destination}
                    </Typography>
                  )}
                </Box>
              </Box>
            )}
            {error && <Alert severity="error">{error}</Alert>}
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
