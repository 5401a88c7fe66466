import { Box, Typography } from '@mui/material';
import type { OrderTotalsFieldsFragment } from '../gql/graphql';
import { useFormatMoney, useShop } from '../lib/money';

interface OrderTotalsProps {
  /** An order's totals, or what one would come to with a shipping option. */
  totals: OrderTotalsFieldsFragment;
  /** The delivery method, named beside the shipping amount. */
  shippingMethodName?: string | null;
  /** The order's adjustments, whose labels name the adjustments line ("Sorry for the wait") and the discount's code. */
  adjustments?: readonly { label: string; source?: string }[];
  /** The discount code a quote was priced with (an order's is among its adjustments). */
  discountCode?: string | null;
  /** What each gift card paid (an order's giftCardPayments, or a quote's shares): one line each. */
  giftCardPayments?: readonly { lastFour: string; amount: { amount: number; currency: string; formatted: string } }[];
}

/**
 * Subtotal, staff's adjustments, the discount code's, shipping, tax and total, as the server worked them out. With tax-inclusive
 * prices the tax is part of the total and says so ("incl. $3.00 VAT"); otherwise it is added on its
 * own line, and a shopper who pays none (a US state without sales tax) sees no tax line at all. An
 * order that had no delivery to price (a shop without shipping zones, or one placed before them)
 * shows no shipping line, and its total alone unless its price was adjusted.
 */
export default function OrderTotals({
  totals,
  shippingMethodName,
  adjustments = [],
  discountCode,
  giftCardPayments = [],
}: OrderTotalsProps) {
  const { pricesIncludeTax } = useShop();
  const formatMoney = useFormatMoney();
  const { subtotal, adjustments: adjusted, discount, shipping, tax, total } = totals;
  // Gift cards are a tender: after the total, what each paid, then what is left for the card payment.
  const paidByCards = (totals.giftCards?.amount ?? 0) > 0;
  // Staff's adjustments are what is left of them once the discount code's part is named on its own line.
  const byStaff = adjusted.amount - discount.amount;
  const delivered = !!shippingMethodName || shipping.amount !== 0;
  const totalOnly = !delivered && tax.amount === 0 && adjusted.amount === 0;
  // The same label twice (two apologies, say) is named once.
  const staffLabels = adjustments.filter((adjustment) => adjustment.source !== 'discount').map((adjustment) => adjustment.label);
  const adjustmentLabel = [...new Set(staffLabels)].join(', ') || 'Price adjustment';
  const code = discountCode ?? adjustments.find((adjustment) => adjustment.source === 'discount')?.label;
  // A typographic minus or plus, so that the sign reads the same in every locale.
  const signed = (amount: number, currency: string) => `${amount < 0 ? '−' : '+'}${formatMoney(Math.abs(amount), currency)}`;
  return (
    <Box component="section" aria-label="Order totals">
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {!totalOnly && <Row label="Subtotal" amount={subtotal.formatted} />}
        {byStaff !== 0 && <Row label={adjustmentLabel} amount={signed(byStaff, adjusted.currency)} />}
        {discount.amount !== 0 && <Row label="Discount" detail={code} amount={signed(discount.amount, discount.currency)} />}
        {delivered && <Row label="Shipping" detail={shippingMethodName} amount={shipping.amount === 0 ? 'Free' : shipping.formatted} />}
        {!pricesIncludeTax && tax.amount > 0 && <Row label="Tax" amount={tax.formatted} />}
        <Row label="Total" amount={total.formatted} strong />
        {paidByCards &&
          (giftCardPayments.length
            ? giftCardPayments.map((payment) => (
                <Row
                  key={payment.lastFour}
                  label="Gift card"
                  detail={`•••• ${payment.lastFour}`}
                  amount={signed(-payment.amount.amount, payment.amount.currency)}
                />
              ))
            : totals.giftCards && <Row label="Gift cards" amount={signed(-totals.giftCards.amount, totals.giftCards.currency)} />)}
        {paidByCards && totals.amountDue && <Row label="Amount due" amount={totals.amountDue.formatted} strong />}
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
