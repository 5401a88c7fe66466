import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { actionsColumn } from '../../../components/gridActions';
import QueryState from '../../../components/QueryState';
import type { AdminDiscountFieldsFragment, DiscountScope } from '../../../gql/graphql';
import { errorMessage } from '../../../lib/errors';
import { useFormatMoney, useShop } from '../../../lib/money';
import DiscountDialog from './DiscountDialog';
import { AdminDiscountsQuery, DisableDiscountMutation } from './operations';
import AdminPageHeader from '../../../components/AdminPageHeader';

type Code = AdminDiscountFieldsFragment;

const SCOPES: Record<DiscountScope, string> = {
  ORDER: 'Whole order',
  PRODUCTS: 'Some knives',
  COLLECTIONS: 'Some collections',
};

/** /dashboard/discounts: every discount code with its usage; add, edit, copy and disable (after confirming). */
export default function DiscountsPage() {
  const { enqueueSnackbar } = useSnackbar();
  const formatMoney = useFormatMoney();
  const { currency } = useShop();
  const query = useQuery(AdminDiscountsQuery, { fetchPolicy: 'cache-and-network' });
  const discounts = query.data?.discounts ?? [];
  // The dialog keeps the code it edits while it fades out.
  const [editing, setEditing] = useState<{ open: boolean; discount: Code | null }>({ open: false, discount: null });
  const [toDisable, setToDisable] = useState<Code | null>(null);
  const [disable, disabling] = useMutation(DisableDiscountMutation);

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      enqueueSnackbar(`Copied ${code}`, { variant: 'success' });
    } catch {
      enqueueSnackbar('The code could not be copied', { variant: 'error' });
    }
  };
  const confirmDisable = async () => {
    if (!toDisable) return;
    try {
      await disable({ variables: { id: toDisable.id } });
      enqueueSnackbar(`${toDisable.code} disabled`, { variant: 'success' });
      setToDisable(null);
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  };

  const columns: GridColDef<Code>[] = [
    {
      field: 'code',
      headerName: 'Code',
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          <Typography component="span" sx={{ fontFamily: 'monospace' }}>
            {row.code}
          </Typography>
          <Tooltip title="Copy code">
            <IconButton size="small" aria-label={`Copy ${row.code}`} onClick={() => void copy(row.code)}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
    {
      field: 'value',
      headerName: 'Discount',
      width: 130,
      valueGetter: (_value, row) =>
        row.kind === 'FREE_SHIPPING'
          ? 'Free shipping'
          : row.kind === 'PERCENT'
            ? `${row.value}% off`
            : `${formatMoney(row.value, currency)} off`,
    },
    { field: 'appliesTo', headerName: 'Applies to', width: 140, valueGetter: (_value, row) => SCOPES[row.appliesTo] },
    {
      field: 'timesUsed',
      headerName: 'Used',
      type: 'number',
      width: 100,
      valueFormatter: (_value, row) => (row.usageLimit == null ? `${row.timesUsed}` : `${row.timesUsed} / ${row.usageLimit}`),
    },
    {
      field: 'endsAt',
      headerName: 'Ends',
      width: 130,
      valueGetter: (_value, row) => (row.endsAt ? new Date(row.endsAt).toLocaleDateString() : 'Never'),
    },
    {
      field: 'enabled',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => (
        <Chip size="small" label={row.enabled ? 'Enabled' : 'Disabled'} color={row.enabled ? 'success' : 'default'} />
      ),
    },
    actionsColumn<Code>(190, (row) => (
      <>
        <Button size="small" variant="outlined" aria-label={`Edit ${row.code}`} onClick={() => setEditing({ open: true, discount: row })}>
          Edit
        </Button>
        <Button size="small" color="error" aria-label={`Disable ${row.code}`} disabled={!row.enabled} onClick={() => setToDisable(row)}>
          Disable
        </Button>
      </>
    )),
  ];

  return (
    <Stack spacing={2}>
      <AdminPageHeader title="Discounts" action="Add discount code" onAction={() => setEditing({ open: true, discount: null })} />
      <Typography color="text.secondary">
        Codes shoppers enter at checkout, whatever the case. A cancelled or expired order gives its use back.
      </Typography>
      <QueryState query={query} empty={discounts.length === 0 && 'No discount codes yet.'}>
        <Paper>
          <DataGrid
            aria-label="Discount codes"
            rows={discounts}
            columns={columns}
            autoHeight
            disableRowSelectionOnClick
            pageSizeOptions={[25]}
          />
        </Paper>
      </QueryState>
      <DiscountDialog open={editing.open} discount={editing.discount} onClose={() => setEditing({ ...editing, open: false })} />
      <ConfirmDialog
        open={toDisable !== null}
        title={`Disable ${toDisable?.code ?? ''}?`}
        confirmLabel="Disable"
        busy={disabling.loading}
        onConfirm={() => void confirmDisable()}
        onCancel={() => setToDisable(null)}
      >
        Shoppers can no longer use it; orders that used it keep their discount.
      </ConfirmDialog>
    </Stack>
  );
}
