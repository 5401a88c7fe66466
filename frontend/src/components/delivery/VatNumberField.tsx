import { TextField } from '@mui/material';
import type { Delivery } from './useDelivery';

interface VatNumberFieldProps {
  delivery: Delivery;
  idPrefix: string;
}

/**
 * "VAT number (business buyers)", for EU and UK addresses only: checked against the delivery
 * country's format as the server checks it (@keen/rules), and put on the invoice.
 */
export default function VatNumberField({ delivery, idPrefix }: VatNumberFieldProps) {
  const { vat } = delivery;
  if (!vat.shown) return null;
  return (
    <TextField
      id={`${idPrefix}-vat-number`}
      label="VAT number (business buyers)"
      value={vat.text}
      onChange={(event) => vat.setText(event.target.value)}
      onBlur={vat.touch}
      error={vat.problem !== null}
      helperText={vat.problem ?? 'Optional: it goes on your invoice'}
      autoComplete="off"
      fullWidth
    />
  );
}
