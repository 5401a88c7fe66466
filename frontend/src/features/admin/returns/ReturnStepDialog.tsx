import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { useFullScreenDialog } from '../../../components/useFullScreenDialog';
import { errorMessage } from '../../../lib/errors';
import { DeclineReturnMutation, ReceiveReturnMutation, RefundReturnMutation } from './operations';

export type ReturnStep = 'decline' | 'receive' | 'refund';

const TITLES: Record<ReturnStep, string> = { decline: 'Decline return', receive: 'Receive return', refund: 'Refund return' };

/**
 * A step of a return that needs more than a click: declining (a reason the customer is mailed),
 * receiving (what came back of each line, and whether it goes back to stock) and refunding (the
 * received units, the delivery price only when ticked). The answer updates the return's row.
 */
export default function ReturnStepDialog({
  request,
  step,
  onClose,
}: {
  request: ReturnFieldsFragment | null;
  step: ReturnStep;
  onClose: () => void;
}) {
  const fullScreen = useFullScreenDialog();
  const { enqueueSnackbar } = useSnackbar();
  const [reason, setReason] = useState('');
  const [received, setReceived] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [delivery, setDelivery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [decline, declining] = useMutation(DeclineReturnMutation);
  const [receive, receiving] = useMutation(ReceiveReturnMutation);
  const [refund, refunding] = useMutation(RefundReturnMutation);
  const busy = declining.loading || receiving.loading || refunding.loading;

  function reset() {
    setReason('');
    setReceived({});
    setRestock({});
    setDelivery(false);
    setFailure(null);
  }

  async function submit() {
    if (!request) return;
    setFailure(null);
    try {
      if (step === 'decline') await decline({ variables: { id: request.id, reason } });
      if (step === 'receive')
        await receive({
          variables: {
            id: request.id,
            lines: request.lines.map((line) => ({
              lineId: line.orderLineId,
              received: received[line.id] ?? line.quantity,
              restock: restock[line.id] === true,
            })),
          },
        });
      if (step === 'refund') await refund({ variables: { id: request.id, delivery } });
      enqueueSnackbar(`Return ${request.rmaNumber}: ${step === 'decline' ? 'declined' : step === 'receive' ? 'received' : 'refunded'}`, {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="return-step-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="return-step-title">
        {TITLES[step]} {request?.rmaNumber}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {step === 'decline' && (
            <TextField
              label="Why (the customer is mailed this)"
              required
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          )}
          {step === 'receive' &&
            request?.lines.map((line) => (
              <Stack key={line.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <TextField
                  type="number"
                  label={`Units of ${line.name} received`}
                  value={received[line.id] ?? line.quantity}
                  onChange={(event) => {
                    const value = Math.min(line.quantity, Math.max(0, Math.floor(Number(event.target.value) || 0)));
                    setReceived((current) => ({ ...current, [line.id]: value }));
                  }}
                  slotProps={{ htmlInput: { min: 0, max: line.quantity } }}
                  helperText={`${line.quantity} sent back`}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={restock[line.id] === true}
                      onChange={(event) => setRestock((current) => ({ ...current, [line.id]: event.target.checked }))}
                    />
                  }
                  label={`Back to stock: ${line.name}`}
                />
              </Stack>
            ))}
          {step === 'refund' && request && (
            <>
              <Typography>Refunds what came back, as one refund of the order with a credit note:</Typography>
              {request.lines.map((line) => (
                <Typography key={line.id} variant="body2">
                  {line.receivedQuantity ?? 0} × {line.name}
                  {line.restock && line.receivedQuantity ? ' (back to stock)' : ''}
                </Typography>
              ))}
              <FormControlLabel
                control={<Checkbox checked={delivery} onChange={(event) => setDelivery(event.target.checked)} />}
                label="Refund the delivery price too"
              />
            </>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={step === 'decline' ? 'error' : 'primary'}
          disabled={step === 'decline' && !reason.trim()}
          loading={busy}
          onClick={submit}
        >
          {TITLES[step].split(' ')[0]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
