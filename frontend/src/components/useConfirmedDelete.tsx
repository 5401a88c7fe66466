import { useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import ConfirmDialog from './ConfirmDialog';
import { errorMessage } from '../lib/errors';

interface ConfirmedDeleteOptions<R> {
  /** Deletes the row; a refusal's message shows in a toast and the dialog stays open. */
  remove: (row: R) => Promise<unknown>;
  busy: boolean;
  /** What the dialog says about the row to delete. */
  describe: (row: R) => ReactNode;
  /** The toast once deleted (SPEC: 'Successfully Deleted' on admin lists, 'Order successfully deleted' on My Orders). */
  deleted: string;
}

/** A Delete button's confirmation: `ask(row)` opens the dialog, which deletes on confirm. */
export function useConfirmedDelete<R>({ remove, busy, describe, deleted }: ConfirmedDeleteOptions<R>) {
  const { enqueueSnackbar } = useSnackbar();
  const [toDelete, setToDelete] = useState<R | null>(null);

  async function confirm() {
    if (toDelete === null) return;
    try {
      await remove(toDelete);
      enqueueSnackbar(deleted, { variant: 'success' });
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
