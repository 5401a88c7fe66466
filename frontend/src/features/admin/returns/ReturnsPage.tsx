import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Chip, MenuItem, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { shortOrderId } from '@keen/rules';
import type { ReturnFieldsFragment, ReturnState } from '../../../gql/graphql';
import QueryState from '../../../components/QueryState';
import SimpleTable from '../../../components/SimpleTable';
import { errorMessage } from '../../../lib/errors';
import { RETURN_REASON_LABELS } from '../../../lib/returns';
import { AdminReturnsQuery, ApproveReturnMutation } from './operations';
import ReturnStepDialog, { type ReturnStep } from './ReturnStepDialog';

const STATES: ReturnState[] = ['Requested', 'Approved', 'Declined', 'Received', 'Refunded'];

/**
 * /dashboard/returns: customers' returns (RMAs), newest first, by state: Approve or Decline a
 * request, Receive an approved one's parcel (per line, back to stock or not), Refund what came back.
 */
export default function ReturnsPage() {
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<ReturnState | ''>('');
  const query = useQuery(AdminReturnsQuery, {
    variables: { options: state ? { state } : null },
    fetchPolicy: 'cache-and-network',
  });
  const [approve, approving] = useMutation(ApproveReturnMutation);
  const [open, setOpen] = useState<{ request: ReturnFieldsFragment; step: ReturnStep } | null>(null);
  // A return that moved on leaves a list of one state at once (its row is updated in the cache).
  const rows = (query.data?.returns ?? []).filter((row) => !state || row.state === state);

  async function approveReturn(request: ReturnFieldsFragment) {
    try {
      await approve({ variables: { id: request.id } });
      enqueueSnackbar(`Return ${request.rmaNumber} approved: the customer is mailed the instructions`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  }

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
        Returns
      </Typography>
      <TextField
        select
        label="State"
        value={state}
        onChange={(event) => setState(event.target.value as ReturnState | '')}
        sx={{ minWidth: 180, mb: 2 }}
      >
        <MenuItem value="">All</MenuItem>
        {STATES.map((value) => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </TextField>
      <QueryState query={query}>
        {rows.length === 0 ? (
          <Typography>No returns{state ? ` in state ${state}` : ''}.</Typography>
        ) : (
          <SimpleTable label="Returns" onPaper columns={['RMA', 'Order', 'Asked', 'Why', 'Units', 'State', 'Actions']}>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.rmaNumber}</TableCell>
                <TableCell>#{shortOrderId(row.orderId)}</TableCell>
                <TableCell>{new Date(row.createdAt).toLocaleDateString()}</TableCell>
                <TableCell>
                  {RETURN_REASON_LABELS[row.reason]}
                  {row.details && <Typography variant="body2">{row.details}</Typography>}
                  {row.declineReason && <Typography variant="body2">Declined: {row.declineReason}</Typography>}
                  {row.photos.length > 0 && (
                    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                      {row.photos.map((url, index) => (
                        <a key={url} href={url} target="_blank" rel="noreferrer">
                          <Box
                            component="img"
                            src={url}
                            alt={`Photo ${index + 1} of ${row.rmaNumber}`}
                            sx={{ width: 48, height: 48, objectFit: 'cover' }}
                          />
                        </a>
                      ))}
                    </Stack>
                  )}
                </TableCell>
                <TableCell>
                  {row.lines.map((line) => (
                    <Typography key={line.id} variant="body2">
                      {line.quantity} × {line.name}
                      {line.receivedQuantity !== null && line.receivedQuantity !== undefined
                        ? ` (${line.receivedQuantity} received${line.restock ? ', to stock' : ''})`
                        : ''}
                    </Typography>
                  ))}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={row.state}
                    color={row.state === 'Declined' ? 'default' : row.state === 'Refunded' ? 'info' : 'warning'}
                  />
                </TableCell>
                <TableCell>
                  {row.state === 'Requested' && (
                    <>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={approving.loading}
                        onClick={() => approveReturn(row)}
                        aria-label={`Approve ${row.rmaNumber}`}
                      >
                        Approve
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setOpen({ request: row, step: 'decline' })}
                        aria-label={`Decline ${row.rmaNumber}`}
                      >
                        Decline
                      </Button>
                    </>
                  )}
                  {row.state === 'Approved' && (
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => setOpen({ request: row, step: 'receive' })}
                      aria-label={`Receive ${row.rmaNumber}`}
                    >
                      Receive
                    </Button>
                  )}
                  {row.state === 'Received' && (
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => setOpen({ request: row, step: 'refund' })}
                      aria-label={`Refund ${row.rmaNumber}`}
                    >
                      Refund
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </SimpleTable>
        )}
      </QueryState>
      <ReturnStepDialog request={open?.request ?? null} step={open?.step ?? 'decline'} onClose={() => setOpen(null)} />
    </Box>
  );
}
