import { useState, type ReactNode } from 'react';
import ConfirmDialog from './ConfirmDialog';
import { useNotifiedAction } from '../lib/useNotifiedAction';

interface ConfirmedDeleteOptions<R> {
  /** Deletes the row; a refusal's message shows in a toast and the dialog stays open. */
  remove: (row: R) => Promise<unknown>;
  busy: boolean;
  /** What the dialog says about the row to delete. */
  describe: (row: R) => ReactNode;
  /** The toast once deleted (SPEC: 'Successfully Deleted' on admin lists, 'Order successfully deleted' on My Orders). */
  deleted: string | ((row: R) => string);
  /** The dialog's title and button, for a step other than the SPEC's delete (revoking a key, say). */
  title?: (row: R) => string;
  confirmLabel?: string;
}

/** A Delete button's confirmation: `ask(row)` opens the dialog, which deletes on confirm. */
export function useConfirmedDelete<R>({ remove, busy, describe, deleted, title, confirmLabel }: ConfirmedDeleteOptions<R>) {
  const notified = useNotifiedAction();
  const [toDelete, setToDelete] = useState<R | null>(null);
  // Set when asking, so that the title does not change while the dialog fades out.
  const [shownTitle, setShownTitle] = useState('');
  const ask = (row: R) => {
    setToDelete(row);
    setShownTitle(title ? title(row) : 'Are you sure you want to delete ?');
  };

  async function confirm() {
    if (toDelete === null) return;
    const done = await notified(() => remove(toDelete), typeof deleted === 'string' ? deleted : deleted(toDelete));
    if (done) setToDelete(null);
  }

  const dialog = (
    <ConfirmDialog
      open={toDelete !== null}
      title={shownTitle}
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setToDelete(null)}
    >
      {toDelete !== null && describe(toDelete)}
    </ConfirmDialog>
  );
  return { ask, dialog };
}
