import { Typography } from '@mui/material';
import { useFormatMoney } from '../../lib/money';
import OrderTotals from '../OrderTotals';
import type { Delivery } from './useDelivery';

interface DeliveryTotalsProps {
  delivery: Delivery;
  /** The lines' sum as the page adds it up, in minor units. */
  linesTotal: { amount: number; currency: string };
}

/**
 * What the order comes to with the chosen shipping option, and what the applied gift cards pay of it
 * (the server's quote). Until the options are known only the lines' subtotal is; a shop without
 * shipping zones charges just the lines, quoted by the server once gift cards are applied.
 */
export default function DeliveryTotals({ delivery, linesTotal }: DeliveryTotalsProps) {
  const formatMoney = useFormatMoney();
  const totals = delivery.option?.totals ?? delivery.undeliveredTotals;
  if (totals) {
    return (
      <OrderTotals
        totals={totals}
        shippingMethodName={delivery.option?.name}
        discountCode={delivery.discountCode}
        giftCardPayments={delivery.giftCardPayments}
      />
    );
  }
  return (
    <Typography variant="h6" component="p" sx={{ textAlign: 'right' }}>
      {delivery.noZones ? 'Total' : 'Subtotal'}: {formatMoney(linesTotal.amount, linesTotal.currency)}
    </Typography>
  );
}
