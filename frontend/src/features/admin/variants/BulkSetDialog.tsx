import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, TextField } from '@mui/material';
import { parseMajorAmount } from '@keen/rules';
import { productVariantInput } from '@keen/rules/schemas';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/errors';
import { currencySymbol, unreadableAmount } from '../../../lib/money';
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
  /** The product's currency: a price is typed in it, with cents. */
  currency: string;
  onClose: () => void;
}

/** One price or one stock for every selected variant (updateProductVariants), checked with the shared schema first. */
export default function BulkSetDialog({ field, ids, currency, onClose }: BulkSetDialogProps) {
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
    const empty = text.trim() === '';
    const priceAmount = field === 'price' && !empty ? parseMajorAmount(text, currency) : null;
    if (field === 'price' && !empty && priceAmount === null) {
      setMessage(unreadableAmount(currency));
      return;
    }
    // A price goes as priceAmount, in minor units; an empty field gets the schema's "is Required".
    const checked =
      field === 'price'
        ? productVariantInput.pick({ priceAmount: true }).safeParse({ priceAmount })
        : productVariantInput.pick({ quantity: true }).safeParse({ quantity: empty ? null : Number(text) });
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
            type={field === 'price' ? 'text' : 'number'}
            label={words.label}
            id="bulk-set-value"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setMessage('');
            }}
            error={!!message}
            helperText={message}
            slotProps={
              field === 'price'
                ? {
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                    input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> },
                  }
                : { htmlInput: { min: 0 } }
            }
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
