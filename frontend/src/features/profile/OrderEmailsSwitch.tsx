import { useMutation } from '@apollo/client/react';
import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../lib/errors';
import { SetOrderEmailsMutation } from './operations';

/** "Order e-mails" on the profile: on by default; off leaves only the receipts, which always go. */
export default function OrderEmailsSwitch({ on }: { on: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const [setOrderEmails, { loading }] = useMutation(SetOrderEmailsMutation);
  async function toggle(next: boolean) {
    try {
      await setOrderEmails({ variables: { on: next } });
      enqueueSnackbar(next ? 'Order e-mails are on' : 'Order e-mails are off; receipts still come', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  }
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={loading}
            onChange={(event) => toggle(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'order-emails-help' } }}
          />
        }
        label="Order e-mails"
      />
      <FormHelperText id="order-emails-help">
        Mails when an order is received, shipped, expired, cancelled or refunded. Payment receipts are always sent.
      </FormHelperText>
    </div>
  );
}
