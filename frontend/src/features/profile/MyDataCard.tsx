import { useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import RadioFieldset from '../../components/RadioFieldset';
import { useFullScreenDialog } from '../../components/useFullScreenDialog';
import type { DeleteMyAccountMutation as DeleteMyAccountResult, ReviewsChoice } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { downloadJson } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { DeleteMyAccountMutation, MyDataQuery } from './operations';

/** My Profile's "Your data": a copy of everything the shop holds of you, and deleting your account. */
export default function MyDataCard({ email }: { email: string }) {
  const client = useApolloClient();
  const { enqueueSnackbar } = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const downloadMine = async () => {
    setDownloading(true);
    try {
      const { data } = await client.query({ query: MyDataQuery, fetchPolicy: 'network-only' });
      if (data) downloadJson(data.myData, 'keen-my-data.json');
      enqueueSnackbar('Your data was downloaded', { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="my-data-heading">
      <Typography variant="h6" component="h2" id="my-data-heading">
        Your data
      </Typography>
      <Typography variant="body2">
        Download a copy of everything we hold about you (profile, addresses, orders, reviews, messages, age checks and consents) as a JSON
        file, or delete your account.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={downloadMine} loading={downloading}>
          Download my data
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </Stack>
      <DeleteAccountDialog open={deleting} email={email} onClose={() => setDeleting(false)} />
    </Stack>
  );
}

type Receipt = DeleteMyAccountResult['deleteMyAccount'];

/** Asks for the account's e-mail and the reviews' fate before deleting; then says what was kept, and signs out. */
function DeleteAccountDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [typed, setTyped] = useState('');
  const [reviews, setReviews] = useState<ReviewsChoice>('KEEP_AS_A_CUSTOMER');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [deleteAccount, { loading }] = useMutation(DeleteMyAccountMutation);
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();

  const submit = async () => {
    setRefusal(null);
    try {
      const { data } = await deleteAccount({ variables: { input: { confirmEmail: typed, reviews } } });
      if (data) setReceipt(data.deleteMyAccount);
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  };
  // Home first: signed out on My Profile, its guard would send the person to the login page.
  const leave = async () => {
    navigate('/', { replace: true });
    await signOut();
  };

  return (
    <Dialog
      open={open}
      onClose={receipt ? leave : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="delete-account-title"
    >
      <DialogTitle id="delete-account-title">{receipt ? 'Your account was deleted' : 'Delete my account'}</DialogTitle>
      {receipt ? (
        <>
          <DialogContent>
            <DialogContentText>
              Your profile, addresses and messages are erased and you can no longer sign in.
              {receipt.cancelledOrders > 0 &&
                ` ${receipt.cancelledOrders} unpaid ${receipt.cancelledOrders === 1 ? 'order was' : 'orders were'} cancelled.`}
              {receipt.reviews > 0 &&
                (receipt.reviewsChoice === 'REMOVE'
                  ? ` ${receipt.reviews === 1 ? 'Your review was' : `Your ${receipt.reviews} reviews were`} removed.`
                  : ` ${receipt.reviews === 1 ? 'Your review stays' : `Your ${receipt.reviews} reviews stay`}, by "A customer".`)}
            </DialogContentText>
            {receipt.kept.length > 0 && (
              <>
                <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                  What the law requires us to keep
                </Typography>
                <ul aria-label="Records kept">
                  {receipt.kept.map((kept) => (
                    <li key={kept.what}>
                      <Typography variant="body2">
                        <strong>{kept.what}</strong>: {kept.why}
                      </Typography>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={leave}>
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>
                This cannot be undone. Unpaid orders are cancelled. Orders stay as financial records for the tax period and age checks as
                evidence for their retention period, without your name or contact details; everything else is erased, and your sign-in
                account deleted.
              </DialogContentText>
              <RadioFieldset
                legendId="delete-account-reviews"
                legend="Your reviews"
                value={reviews}
                onChange={(value) => setReviews(value as ReviewsChoice)}
                options={[
                  { value: 'KEEP_AS_A_CUSTOMER', label: 'Keep them, shown as by "A customer"' },
                  { value: 'REMOVE', label: 'Remove them' },
                ]}
              />
              <TextField
                id="delete-account-email"
                label="Type your e-mail address to confirm"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                autoComplete="off"
                fullWidth
                helperText={email}
              />
              {refusal && <Alert severity="error">{refusal}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" color="error" onClick={submit} loading={loading} disabled={!confirmed}>
              Delete my account for good
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
