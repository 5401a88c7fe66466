import { Box, Typography } from '@mui/material';
import type { OrderTotalsFieldsFragment } from '../gql/graphql';
import { useFormatMoney, useShop } from '../lib/money';

interface OrderTotalsProps {
  /** An order's totals, or what one would come to with a shipping option. */
  totals: OrderTotalsFieldsFragment;
  /** The delivery method, named beside the shipping amount. */
  shippingMethodName?: string | null;
  /** The order's adjustments, whose labels name the adjustments line ("Sorry for the wait"). */
  adjustments?: readonly { label: string }[];
}

/**
 * Subtotal, adjustments, shipping, tax and total, as the server worked them out. With tax-inclusive
 * prices the tax is part of the total and says so ("incl. $3.00 VAT"); otherwise it is added on its
 * own line, and a shopper who pays none (a US state without sales tax) sees no tax line at all. An
 * order that had no delivery to price (a shop without shipping zones, or one placed before them)
 * shows no shipping line, and its total alone unless its price was adjusted.
 */
export default function OrderTotals({ totals, shippingMethodName, adjustments = [] }: OrderTotalsProps) {
  const { pricesIncludeTax } = useShop();
  const formatMoney = useFormatMoney();
  const { subtotal, adjustments: adjusted, shipping, tax, total } = totals;
  const delivered = !!shippingMethodName || shipping.amount !== 0;
  const totalOnly = !delivered && tax.amount === 0 && adjusted.amount === 0;
  // The same label twice (two apologies, say) is named once.
  const adjustmentLabel = [...new Set(adjustments.map((adjustment) => adjustment.label))].join(', ') || 'Price adjustment';
  // A typographic minus or plus, so that the sign reads the same in every locale.
  const signedAdjustment = `${adjusted.amount < 0 ? '−' : '+'}${formatMoney(Math.abs(adjusted.amount), adjusted.currency)}`;
  return (
    <Box component="section" aria-label="Order totals">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {!totalOnly && <Row label="Subtotal" amount={subtotal.formatted} />}
        {adjusted.amount !== 0 && <Row label={adjustmentLabel} amount={signedAdjustment} />}
        {delivered && <Row label="Shipping" detail={shippingMethodName} amount={shipping.amount === 0 ? 'Free' : shipping.formatted} />}
        {!pricesIncludeTax && tax.amount > 0 && <Row label="Tax" amount={tax.formatted} />}
        <Row label="Total" amount={total.formatted} strong />
      </Box>
      {pricesIncludeTax && tax.amount > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
          incl. {tax.formatted} VAT
        </Typography>
      )}
    </Box>
  );
}

function Row({ label, detail, amount, strong }: { label: string; detail?: string | null; amount: string; strong?: boolean }) {
  const weight = strong ? 700 : undefined;
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: weight }}>
        {label}
        {detail && (
          <Typography component="span" variant="body2" color="text.secondary">
            {` – ${detail}`}
          </Typography>
        )}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: weight }}>
        {amount}
      </Typography>
    </>
  );
}
