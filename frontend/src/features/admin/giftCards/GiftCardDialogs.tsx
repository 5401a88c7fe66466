import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { parseMajorAmount } from '@keen/rules';
import { useSnackbar } from 'notistack';
import CloseDialogActions from '../../../components/CloseDialogActions';
import QueryState from '../../../components/QueryState';
import type { AdminGiftCardFieldsFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { unreadableAmount, useShop } from '../../../lib/money';
import { prependToLists } from '../../../lib/listCache';
import { AdjustGiftCardMutation, GiftCardLedgerQuery, IssueGiftCardMutation } from './operations';

/** An amount typed in major units ("25", "-5.50") as minor units; null when unreadable or zero. */
export function typedAmount(text: string, currency: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-') || trimmed.startsWith('−');
  const amount = parseMajorAmount(negative ? trimmed.slice(1) : trimmed, currency);
  if (amount == null || amount === 0) return null;
  return negative ? -amount : amount;
}

const REASON_MAX = 500;

/** What is wrong with an expiry (the server takes only a future one); null when nothing. */
function expiryProblem(expiresAt: Date | null): string | null {
  return expiresAt && expiresAt.getTime() > Date.now() ? null : 'Choose a day after today';
}

/** The last moment of a day (YYYY-MM-DD), local time; null when unreadable. */
function endOfDay(day: string): Date | null {
  const date = new Date(`${day}T23:59:59`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Issue a card by hand: an amount and a reason, optionally a recipient (who gets the code by e-mail). */
export function IssueGiftCardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { currency } = useShop();
  const { enqueueSnackbar } = useSnackbar();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [tried, setTried] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);
  const [issue, issuing] = useMutation(IssueGiftCardMutation, {
    update(cache, { data }) {
      if (data?.issueGiftCard) prependToLists(cache, 'giftCards', data.issueGiftCard);
    },
  });
  const minor = typedAmount(amount, currency);
  const amountError = tried && (minor == null || minor < 0) ? unreadableAmount(currency) : null;
  const reasonError =
    tried && !reason.trim() ? 'Say why it is issued' : reason.length > REASON_MAX ? `At most ${REASON_MAX} characters` : null;
  const messageError = message.length > REASON_MAX ? `At most ${REASON_MAX} characters` : null;
  const expiresAt = expiresOn ? endOfDay(expiresOn) : null;
  const expiryError = expiresOn ? expiryProblem(expiresAt) : null;
  const close = () => {
    setAmount('');
    setReason('');
    setRecipientEmail('');
    setMessage('');
    setExpiresOn('');
    setTried(false);
    setIssued(null);
    onClose();
  };
  const submit = async () => {
    setTried(true);
    if (minor == null || minor < 0 || !reason.trim() || reason.length > REASON_MAX || messageError || expiryError) return;
    try {
      const { data } = await issue({
        variables: {
          input: {
            amount: minor,
            reason: reason.trim(),
            ...(recipientEmail.trim() && { recipientEmail: recipientEmail.trim() }),
            ...(message.trim() && { message: message.trim() }),
            ...(expiresAt && { expiresAt: expiresAt.toISOString() }),
          },
        },
      });
      enqueueSnackbar(`Gift card •••• ${data?.issueGiftCard.lastFour ?? ''} issued`, { variant: 'success' });
      setIssued(data?.issueGiftCard.code ?? null);
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="issue-gift-card-title">
      <DialogTitle id="issue-gift-card-title">Issue a gift card</DialogTitle>
      <DialogContent>
        {issued ? (
          <Alert severity="success">
            Its code: <strong style={{ fontFamily: 'monospace' }}>{issued}</strong>
            {recipientEmail.trim() ? ` (mailed to ${recipientEmail.trim()})` : ' (hand it over: it was mailed to nobody)'}
          </Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <AmountAndReason
              idPrefix="gift-card"
              amountLabel="Amount"
              amount={[amount, setAmount, amountError]}
              reason={[reason, setReason, reasonError]}
            />
            <TextField
              id="gift-card-recipient"
              label="Recipient e-mail (optional)"
              type="email"
              value={recipientEmail}
              onChange={(event) => setRecipientEmail(event.target.value)}
            />
            <TextField
              id="gift-card-message"
              label="Message (optional)"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              error={!!messageError}
              helperText={messageError ?? 'In the mail to the recipient'}
              multiline
            />
            <TextField
              id="gift-card-expires"
              label="Expires on (optional)"
              type="date"
              value={expiresOn}
              onChange={(event) => setExpiresOn(event.target.value)}
              error={!!expiryError}
              helperText={expiryError ?? 'Empty: never. It pays nothing after that day'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {!issued && (
          <Button variant="contained" onClick={() => void submit()} loading={issuing.loading}>
            Issue
          </Button>
        )}
        <Button onClick={close}>{issued ? 'Done' : 'Cancel'}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Adjust a card's balance: a signed amount (never below zero, the server says) and a reason. */
export function AdjustGiftCardDialog({ card, onClose }: { card: AdminGiftCardFieldsFragment | null; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [adjust, adjusting] = useMutation(AdjustGiftCardMutation);
  const currency = card?.balance.currency ?? 'usd';
  const minor = typedAmount(amount, currency);
  const amountError = tried && minor == null ? 'Enter an amount like 10.00 to add or -10.00 to take off' : null;
  const reasonError = tried && !reason.trim() ? 'Say why' : reason.length > REASON_MAX ? `At most ${REASON_MAX} characters` : null;
  const close = () => {
    setAmount('');
    setReason('');
    setTried(false);
    onClose();
  };
  const submit = async () => {
    setTried(true);
    if (!card || minor == null || !reason.trim() || reason.length > REASON_MAX) return;
    try {
      const { data } = await adjust({ variables: { id: card.id, input: { amount: minor, reason: reason.trim() } } });
      enqueueSnackbar(`Gift card •••• ${card.lastFour} now holds ${data?.adjustGiftCard.balance.formatted ?? ''}`, { variant: 'success' });
      close();
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  };
  return (
    <Dialog open={card !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="adjust-gift-card-title">
      <DialogTitle id="adjust-gift-card-title">Adjust gift card •••• {card?.lastFour}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>Balance: {card?.balance.formatted}</Typography>
          <AmountAndReason
            idPrefix="gift-card-adjustment"
            amountLabel="Add (or take off, with a minus)"
            amount={[amount, setAmount, amountError]}
            reason={[reason, setReason, reasonError]}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => void submit()} loading={adjusting.loading}>
          Adjust
        </Button>
        <Button onClick={close}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

const KINDS: Record<string, string> = { issue: 'Issued', redeem: 'Spent', refund: 'Given back', adjustment: 'Adjusted' };

/** One card's ledger, oldest first: every change of its balance. */
export function GiftCardLedgerDialog({ card, onClose }: { card: AdminGiftCardFieldsFragment | null; onClose: () => void }) {
  const query = useQuery(GiftCardLedgerQuery, { variables: { id: card?.id ?? '' }, skip: !card, fetchPolicy: 'network-only' });
  const ledger = query.data?.giftCard.ledger ?? [];
  return (
    <Dialog open={card !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="gift-card-ledger-title">
      <DialogTitle id="gift-card-ledger-title">Ledger of gift card •••• {card?.lastFour}</DialogTitle>
      <DialogContent>
        <QueryState query={query}>
          <Stack component="ol" aria-label="Ledger" spacing={1} sx={{ pl: 2, m: 0 }}>
            {ledger.map((entry) => (
              <li key={entry.id}>
                <Typography component="span">
                  {new Date(entry.createdAt).toLocaleString()} · {KINDS[entry.kind] ?? entry.kind} {entry.amount.formatted}
                  {entry.reason ? ` · ${entry.reason}` : ''}
                  {entry.createdBy ? ` · ${entry.createdBy}` : ''}
                  {entry.orderId ? ` · order ${entry.orderId.slice(0, 8)}` : ''}
                </Typography>
              </li>
            ))}
          </Stack>
        </QueryState>
      </DialogContent>
      <CloseDialogActions onClose={onClose} />
    </Dialog>
  );
}

/** A field's value, its setter and its error. */
type FieldState = [value: string, set: (value: string) => void, error: string | null | undefined];

/** An amount and the reason kept with it in the card's ledger: issuing and adjusting ask both. */
function AmountAndReason({
  idPrefix,
  amountLabel,
  amount,
  reason,
}: {
  idPrefix: string;
  amountLabel: string;
  amount: FieldState;
  reason: FieldState;
}) {
  const [amountValue, setAmount, amountError] = amount;
  const [reasonValue, setReason, reasonError] = reason;
  return (
    <>
      <TextField
        id={`${idPrefix}-amount`}
        label={amountLabel}
        value={amountValue}
        onChange={(event) => setAmount(event.target.value)}
        error={!!amountError}
        helperText={amountError ?? ' '}
        required
      />
      <TextField
        id={`${idPrefix}-reason`}
        label="Reason"
        value={reasonValue}
        onChange={(event) => setReason(event.target.value)}
        error={!!reasonError}
        helperText={reasonError ?? 'Kept in the card’s ledger'}
        required
        multiline
      />
    </>
  );
}
