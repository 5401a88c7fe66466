import { Button, IconButton, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { type FormikProps, getIn } from 'formik';
import { currencySymbol } from '../../../lib/money';
import { emptyBand, type MethodFormValues } from './shippingForms';

/** The most bands a method has (the shared rules' limit). */
const MAX_BANDS = 20;

/** A method's weight bands, lightest first: each "up to" a weight in grams, with its price. */
export default function WeightBandsField({ formik, currency }: { formik: FormikProps<MethodFormValues>; currency: string }) {
  const { bands } = formik.values;
  const message = (index: number, field: 'upToGrams' | 'price'): string | undefined =>
    getIn(formik.touched, `bands.${index}.${field}`) ? getIn(formik.errors, `bands.${index}.${field}`) : undefined;
  const setBands = (next: MethodFormValues['bands']) => formik.setFieldValue('bands', next);

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Weight bands, lightest first
      </Typography>
      {bands.map((band, index) => (
        <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id={`band-${index}-upToGrams`}
            name={`bands.${index}.upToGrams`}
            label={`Band ${index + 1}: up to`}
            type="number"
            value={band.upToGrams}
            onChange={(event) =>
              formik.setFieldValue(`bands.${index}.upToGrams`, event.target.value === '' ? '' : Number(event.target.value))
            }
            onBlur={formik.handleBlur}
            error={!!message(index, 'upToGrams')}
            helperText={message(index, 'upToGrams')}
            slotProps={{ htmlInput: { min: 1 }, input: { endAdornment: <InputAdornment position="end">g</InputAdornment> } }}
            fullWidth
          />
          <TextField
            id={`band-${index}-price`}
            name={`bands.${index}.price`}
            label={`Band ${index + 1}: price`}
            value={band.price}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={!!message(index, 'price')}
            helperText={message(index, 'price')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
              input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> },
            }}
            fullWidth
          />
          <IconButton
            aria-label={`Remove band ${index + 1}`}
            disabled={bands.length === 1}
            onClick={() => setBands(bands.filter((_, other) => other !== index))}
            sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      {typeof formik.errors.bands === 'string' && (
        <Typography color="error" variant="body2" role="alert">
          {formik.errors.bands}
        </Typography>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() => setBands([...bands, emptyBand()])}
        disabled={bands.length >= MAX_BANDS}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add band
      </Button>
      <Typography variant="body2" color="text.secondary">
        An order heavier than the last band is not offered this method.
      </Typography>
    </Stack>
  );
}
