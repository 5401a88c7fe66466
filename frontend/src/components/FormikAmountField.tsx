import { InputAdornment } from '@mui/material';
import { currencySymbol } from '../lib/money';
import FormikTextField, { type FormikTextFieldProps } from './FormikTextField';

type FormikAmountFieldProps<Values> = Omit<FormikTextFieldProps<Values>, 'slotProps'> & {
  /** What the amount is typed in; parseMajorAmount reads it back in this currency's minor units. */
  currency: string;
};

/** An amount with cents ("129.50"): a text field with a decimal keyboard, the currency beside it. */
export default function FormikAmountField<Values>({ currency, ...props }: FormikAmountFieldProps<Values>) {
  return (
    <FormikTextField
      {...props}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: { startAdornment: <InputAdornment position="start">{currencySymbol(currency)}</InputAdornment> },
      }}
    />
  );
}
