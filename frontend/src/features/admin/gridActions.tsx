import { useState, type ReactNode } from 'react';
import { Stack } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/errors';

/** A grid's Actions column: the row's buttons side by side; never sorted or hidden. */
export function actionsColumn<R extends GridValidRowModel>(width: number, buttons: (row: R) => ReactNode): GridColDef<R> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
        {buttons(row)}
      </Stack>
    ),
  };
}

interface ConfirmedDeleteOptions<R> {
  /** Deletes the row; a refusal's message shows in a toast and the dialog stays open. */
  remove: (row: R) => Promise<unknown>;
  busy: boolean;
  /** What the dialog says about the row to delete. */
  describe: (row: R) => ReactNode;
}

/** A Delete button's confirmation: `ask(row)` opens the dialog, which deletes on confirm ('Successfully Deleted'). */
export function useConfirmedDelete<R>({ remove, busy, describe }: ConfirmedDeleteOptions<R>) {
  const { enqueueSnackbar } = useSnackbar();
  const [toDelete, setToDelete] = useState<R | null>(null);

  async function confirm() {
    if (toDelete === null) return;
    try {
      await remove(toDelete);
      enqueueSnackbar('Successfully Deleted', { variant: 'success' });
      setToDelete(null);
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  const dialog = (
    <ConfirmDialog
      open={toDelete !== null}
      title="Are you sure you want to delete ?"
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setToDelete(null)}
    >
      {toDelete !== null && describe(toDelete)}
    </ConfirmDialog>
  );
  return { ask: setToDelete, dialog };
}
