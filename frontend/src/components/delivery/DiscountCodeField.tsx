import { useState } from 'react';
import { Box, Chip } from '@mui/material';
import CodeEntry from './CodeEntry';
import type { Delivery } from './useDelivery';

interface DiscountCodeFieldProps {
  delivery: Delivery;
  idPrefix: string;
}

/**
 * One discount code for the order: applied through the server's quote, so the totals below show its
 * discount and the reduced total; a code the server refuses says why under the field.
 */
export default function DiscountCodeField({ delivery, idPrefix }: DiscountCodeFieldProps) {
  const [refusal, setRefusal] = useState<string | null>(null);

  if (delivery.discountCode)
    return (
      <Box>
        <Chip label={`Discount code ${delivery.discountCode} applied`} onDelete={() => delivery.removeDiscountCode()} />
      </Box>
    );

  const apply = async (typed: string) => {
    const code = typed.trim();
    const refused = code ? await delivery.applyDiscountCode(code) : 'Enter a discount code';
    setRefusal(refused);
    return !refused;
  };
  return (
    <CodeEntry
      id={`${idPrefix}-discount-code`}
      label="Discount code"
      applyName="Apply discount code"
      refusal={refusal}
      onType={() => setRefusal(null)}
      onApply={apply}
    />
  );
}
