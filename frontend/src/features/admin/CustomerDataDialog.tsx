import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import RadioFieldset from '../../components/RadioFieldset';
import { useFullScreenDialog } from '../../components/useFullScreenDialog';
import type { ReviewsChoice } from '../../gql/graphql';
import { downloadJson } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { CustomerDataQuery, EraseCustomerMutation } from './operations';

interface Customer {
  id: string;
  name: string;
  email: string;
}

/**
 * A customer's data on their request (Users page): export it, or erase their account as they would
 * (their reviews as they chose); the request's reason is required and logged with the admin.
 */
export default function CustomerDataDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const client = useApolloClient();
  const { enqueueSnackbar } = useSnackbar();
  const [reason, setReason] = useState('');
  const [reviews, setReviews] = useState<ReviewsChoice>('KEEP_AS_A_CUSTOMER');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [erase, { loading: erasing }] = useMutation(EraseCustomerMutation, {
    // The row's person is gone: the grid forgets it.
    update: (cache) => void (customer && cache.evict({ id: cache.identify({ __typename: 'User', id: customer.id }) })),
  });
  const close = () => {
    setReason('');
    setRefusal(null);
    onClose();
  };

  const exportData = async () => {
    if (!customer) return;
    setExporting(true);
    setRefusal(null);
    try {
      const { data } = await client.query({
        query: CustomerDataQuery,
        variables: { userId: customer.id, reason },
        fetchPolicy: 'network-only',
      });
      if (data) downloadJson(data.customerData, `keen-customer-${customer.id}.json`);
      enqueueSnackbar(`${customer.name}'s data was downloaded`, { variant: 'success' });
    } catch (failure) {
      setRefusal(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  };
  const eraseAccount = async () => {
    if (!customer) return;
    setRefusal(null);
    try {
      const { data } = await erase({ variables: { userId: customer.id, input: { reason, reviews } } });
      const kept = data?.eraseCustomer.kept.map((record) => record.what).join(', ');
      enqueueSnackbar(`${customer.name}'s account was erased${kept ? `; kept: ${kept}` : ''}`, { variant: 'success' });
      close();
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  };

  return (
    <Dialog open={customer !== null} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="customer-data-title">
      <DialogTitle id="customer-data-title">Data of {customer?.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            On {customer?.email}&apos;s request: export their data, or erase their account (unpaid orders cancelled, orders kept anonymised
            as financial records, age checks kept as evidence). The reason is logged with your name.
          </DialogContentText>
          <TextField
            id="customer-data-reason"
            label="Reason (the request you answer)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <RadioFieldset
            legendId="customer-data-reviews"
            legend="Their reviews, if erased"
            value={reviews}
            onChange={(value) => setReviews(value as ReviewsChoice)}
            options={[
              { value: 'KEEP_AS_A_CUSTOMER', label: 'Keep them, shown as by "A customer"' },
              { value: 'REMOVE', label: 'Remove them' },
            ]}
          />
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button onClick={exportData} loading={exporting} disabled={!reason.trim()}>
          Export data
        </Button>
        <Button variant="contained" color="error" onClick={eraseAccount} loading={erasing} disabled={!reason.trim()}>
          Erase account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
