import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { actionsColumn } from '../../../components/gridActions';
import QueryState from '../../../components/QueryState';
import type { AdminGiftCardFieldsFragment } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { AdjustGiftCardDialog, GiftCardLedgerDialog, IssueGiftCardDialog } from './GiftCardDialogs';
import { AdminGiftCardsQuery, DisableGiftCardMutation } from './operations';
import AdminPageHeader from '../../../components/AdminPageHeader';

type Card = AdminGiftCardFieldsFragment;

/** /dashboard/giftCards: every gift card with its balance; issue one by hand, adjust, disable (after confirming), read its ledger. */
export default function GiftCardsPage() {
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(AdminGiftCardsQuery, { fetchPolicy: 'cache-and-network' });
  const cards = query.data?.giftCards ?? [];
  const [issuing, setIssuing] = useState(false);
  const [adjusting, setAdjusting] = useState<Card | null>(null);
  const [reading, setReading] = useState<Card | null>(null);
  const [toDisable, setToDisable] = useState<Card | null>(null);
  const [disable, disabling] = useMutation(DisableGiftCardMutation);

  const confirmDisable = async () => {
    if (!toDisable) return;
    try {
      await disable({ variables: { id: toDisable.id } });
      enqueueSnackbar(`Gift card •••• ${toDisable.lastFour} disabled`, { variant: 'success' });
      setToDisable(null);
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  };

  const columns: GridColDef<Card>[] = [
    { field: 'lastFour', headerName: 'Card', width: 120, valueGetter: (_value, row) => `•••• ${row.lastFour}` },
    { field: 'balance', headerName: 'Balance', width: 120, valueGetter: (_value, row) => row.balance.formatted },
    { field: 'initialAmount', headerName: 'Issued for', width: 120, valueGetter: (_value, row) => row.initialAmount.formatted },
    {
      field: 'recipientEmail',
      headerName: 'Recipient',
      flex: 1,
      minWidth: 160,
      valueGetter: (_value, row) => row.recipientEmail ?? (row.orderId ? 'The buyer' : '—'),
    },
    {
      field: 'disabled',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => (
        <Chip size="small" label={row.disabled ? 'Disabled' : 'Active'} color={row.disabled ? 'default' : 'success'} />
      ),
    },
    actionsColumn<Card>(260, (row) => (
      <>
        <Button size="small" aria-label={`Ledger of •••• ${row.lastFour}`} onClick={() => setReading(row)}>
          Ledger
        </Button>
        <Button
          size="small"
          variant="outlined"
          aria-label={`Adjust •••• ${row.lastFour}`}
          disabled={row.disabled}
          onClick={() => setAdjusting(row)}
        >
          Adjust
        </Button>
        <Button
          size="small"
          color="error"
          aria-label={`Disable •••• ${row.lastFour}`}
          disabled={row.disabled}
          onClick={() => setToDisable(row)}
        >
          Disable
        </Button>
      </>
    )),
  ];

  return (
    <Stack spacing={2}>
      <AdminPageHeader title="Gift cards" action="Issue gift card" onAction={() => setIssuing(true)} />
      <Typography color="text.secondary">
        Cards bought in the shop and issued by hand. Every change of a balance is kept in the card’s ledger, with its reason.
      </Typography>
      <QueryState query={query} empty={cards.length === 0 && 'No gift cards yet.'}>
        <Paper>
          <DataGrid aria-label="Gift cards" rows={cards} columns={columns} autoHeight disableRowSelectionOnClick pageSizeOptions={[25]} />
        </Paper>
      </QueryState>
      <IssueGiftCardDialog open={issuing} onClose={() => setIssuing(false)} />
      <AdjustGiftCardDialog card={adjusting} onClose={() => setAdjusting(null)} />
      <GiftCardLedgerDialog card={reading} onClose={() => setReading(null)} />
      <ConfirmDialog
        open={toDisable !== null}
        title={`Disable gift card •••• ${toDisable?.lastFour ?? ''}?`}
        confirmLabel="Disable"
        busy={disabling.loading}
        onConfirm={() => void confirmDisable()}
        onCancel={() => setToDisable(null)}
      >
        It pays nothing any more and looks unknown to shoppers; its balance stays in the ledger.
      </ConfirmDialog>
    </Stack>
  );
}
