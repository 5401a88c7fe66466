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
 * What the order comes to with the chosen shipping option (the server's breakdown). Until the
 * options are known only the lines' subtotal is; a shop without shipping zones charges just the lines.
 */
export default function DeliveryTotals({ delivery, linesTotal }: DeliveryTotalsProps) {
  const formatMoney = useFormatMoney();
  if (delivery.option) return <OrderTotals totals={delivery.option.totals} shippingMethodName={delivery.option.name} />;
  return (
    <Typography variant="h6" component="p" sx={{ textAlign: 'right' }}>
      {delivery.noZones ? 'Total' : 'Subtotal'}: {formatMoney(linesTotal.amount, linesTotal.currency)}
    </Typography>
  );
}
