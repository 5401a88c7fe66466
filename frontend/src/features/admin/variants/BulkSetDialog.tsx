import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { productVariantInput } from '@keen/rules/schemas';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/errors';
import { UpdateProductVariantsMutation } from './operations';

export type BulkField = 'price' | 'quantity';

const WORDS: Record<BulkField, { title: string; label: string }> = {
  price: { title: 'Set price', label: 'Price' },
  quantity: { title: 'Set stock', label: 'Stock' },
};

interface BulkSetDialogProps {
  /** Which field to set; null keeps the dialog closed. */
  field: BulkField | null;
  ids: readonly string[];
  onClose: () => void;
}

/** One price or one stock for every selected variant (updateProductVariants), checked with the shared schema first. */
export default function BulkSetDialog({ field, ids, onClose }: BulkSetDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [updateVariants, { loading }] = useMutation(UpdateProductVariantsMutation);
  const words = WORDS[field ?? 'price'];
  const count = ids.length === 1 ? '1 variant' : `${ids.length} variants`;

  function close() {
    setText('');
    setMessage('');
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!field) return;
    const checked = productVariantInput.pick({ [field]: true } as Record<BulkField, true>).safeParse({
      [field]: text.trim() === '' ? null : Number(text),
    });
    if (!checked.success) {
      setMessage(checked.error.issues[0].message);
      return;
    }
    try {
      await updateVariants({ variables: { ids: [...ids], input: checked.data } });
      enqueueSnackbar(`${words.label} set for ${count}`, { variant: 'success' });
      close();
    } catch (failure) {
      setMessage(errorMessage(failure));
    }
  }

  return (
    <Dialog open={field !== null} onClose={close} aria-labelledby="bulk-set-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="bulk-set-title">
          {words.title} of {count}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="number"
            label={words.label}
            id="bulk-set-value"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setMessage('');
            }}
            error={!!message}
            helperText={message}
            slotProps={{ htmlInput: { min: field === 'price' ? 1 : 0 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button type="submit" variant="contained" disabled={loading}>
            {words.title}
          </Button>
          <Button onClick={close}>Cancel</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
