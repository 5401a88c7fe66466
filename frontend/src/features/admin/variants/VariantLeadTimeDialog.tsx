import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LEAD_DAYS, MADE_TO_ORDER_DAYS_ORDER, VARIANT_MADE_TO_ORDER_DAYS, type VariantLeadTimeMode } from '@keen/rules';
import { productVariantInput } from '@keen/rules/schemas';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/errors';
import { UpdateProductVariantMutation } from './operations';
import type { Variant } from './optionsDraft';
import { variantLabel } from './variantLabel';

interface VariantLeadTimeDialogProps {
  /** The variant whose lead time to set; null keeps the dialog closed. */
  variant: Variant | null;
  onClose: () => void;
}

/** How the grid's Lead time column reads a variant's: its product's, in stock, or its own made-to-order days. */
export function variantLeadTimeLabel(variant: Pick<Variant, 'leadTimeMode' | 'madeToOrder'>): string {
  if (variant.leadTimeMode === 'IN_STOCK') return 'In stock';
  if (variant.leadTimeMode === 'MADE_TO_ORDER' && variant.madeToOrder)
    return `Made to order: ${variant.madeToOrder.minDays}-${variant.madeToOrder.maxDays} days`;
  return "Product's";
}

const daysText = (days: number | undefined) => (days === undefined ? '' : String(days));

/**
 * A variant's lead time: its product's (inherit), in stock (shipped from stock only, even when its
 * product is made to order), or made to order in its own fewest and most working days.
 */
export default function VariantLeadTimeDialog({ variant, onClose }: VariantLeadTimeDialogProps) {
  return (
    <Dialog open={variant !== null} onClose={onClose} aria-labelledby="variant-lead-time-title" fullWidth maxWidth="xs">
      {/* Keyed by the variant: each opening starts from its lead time as stored. */}
      {variant && <LeadTimeForm key={variant.id} variant={variant} onClose={onClose} />}
    </Dialog>
  );
}

function LeadTimeForm({ variant, onClose }: { variant: Variant; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [updateVariant, { loading }] = useMutation(UpdateProductVariantMutation);
  const own = variant.leadTimeMode === 'MADE_TO_ORDER' ? variant.madeToOrder : null;
  const [mode, setMode] = useState<VariantLeadTimeMode>(variant.leadTimeMode);
  const [minDays, setMinDays] = useState(daysText(own?.minDays));
  const [maxDays, setMaxDays] = useState(daysText(own?.maxDays));
  const [message, setMessage] = useState('');

  async function save() {
    const made = mode === 'MADE_TO_ORDER';
    if (made && (minDays.trim() === '' || maxDays.trim() === '')) return setMessage(VARIANT_MADE_TO_ORDER_DAYS);
    const checked = productVariantInput.safeParse({
      leadTimeMode: mode,
      ...(made && { madeToOrderMinDays: Number(minDays), madeToOrderMaxDays: Number(maxDays) }),
    });
    if (!checked.success) return setMessage(checked.error.issues[0].message);
    if (made && Number(maxDays) < Number(minDays)) return setMessage(MADE_TO_ORDER_DAYS_ORDER);
    try {
      await updateVariant({ variables: { id: variant.id, input: checked.data } });
      enqueueSnackbar(`${variantLabel(variant)} has been updated`, { variant: 'success' });
      onClose();
    } catch (failure) {
      setMessage(errorMessage(failure));
    }
  }

  return (
    <>
      <DialogTitle id="variant-lead-time-title">Lead time of {variantLabel(variant)}</DialogTitle>
      <DialogContent>
        <RadioGroup aria-label="Lead time" value={mode} onChange={(event) => setMode(event.target.value as VariantLeadTimeMode)}>
          <FormControlLabel value="INHERIT" control={<Radio />} label="As its product" />
          <FormControlLabel value="IN_STOCK" control={<Radio />} label="In stock: ships from stock only" />
          <FormControlLabel value="MADE_TO_ORDER" control={<Radio />} label="Made to order in its own days" />
        </RadioGroup>
        {mode === 'MADE_TO_ORDER' && (
          <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Fewest days to make"
              type="number"
              size="small"
              value={minDays}
              onChange={(event) => setMinDays(event.target.value)}
              slotProps={{ htmlInput: { min: LEAD_DAYS.min, max: LEAD_DAYS.max } }}
            />
            <TextField
              label="Most days to make"
              type="number"
              size="small"
              value={maxDays}
              onChange={(event) => setMaxDays(event.target.value)}
              slotProps={{ htmlInput: { min: LEAD_DAYS.min, max: LEAD_DAYS.max } }}
            />
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Made to order, it may be ordered beyond its stock up to the product&apos;s cap of open made-to-order units; in stock, never beyond
          its stock.
        </Typography>
        {message && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={loading}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}
