import { Box, Typography } from '@mui/material';
import type { OrderTotalsFieldsFragment } from '../gql/graphql';
import AddressLines from './address/AddressLines';
import OrderTotals from './OrderTotals';

interface OrderDeliveryProps {
  order: {
    shippingAddress?: Parameters<typeof AddressLines>[0]['address'] | null;
    shippingMethodName?: string | null;
    totals: OrderTotalsFieldsFragment;
    adjustments?: readonly { label: string }[];
    giftCardPayments?: Parameters<typeof OrderTotals>[0]['giftCardPayments'];
    giftCardsIssued?: readonly { lastFour: string; recipientEmail?: string | null; amount: { formatted: string } }[];
  };
  /** The "Ship to" heading's level in the page or dialog around it. */
  headingComponent: 'h2' | 'h3';
}

/** A placed order's "Ship to" address (when it has one) and its totals: the receipt's delivery part. */
export default function OrderDelivery({ order, headingComponent }: OrderDeliveryProps) {
  return (
    <>
      {order.shippingAddress && (
        <Box sx={{ my: 2 }}>
          <Typography variant="subtitle2" component={headingComponent}>
            Ship to
          </Typography>
          <AddressLines address={order.shippingAddress} label="Shipping address" />
        </Box>
      )}
      <Box sx={{ my: 2 }}>
        <OrderTotals
          totals={order.totals}
          shippingMethodName={order.shippingMethodName}
          adjustments={order.adjustments}
          giftCardPayments={order.giftCardPayments}
        />
      </Box>
      {!!order.giftCardsIssued?.length && (
        <Box sx={{ my: 2 }}>
          <Typography variant="subtitle2" component={headingComponent}>
            Gift cards bought
          </Typography>
          <Box component="ul" aria-label="Gift cards bought" sx={{ pl: 2, my: 0 }}>
            {order.giftCardsIssued.map((card) => (
              <li key={card.lastFour}>
                <Typography component="span">
                  {`•••• ${card.lastFour}: ${card.amount.formatted}`}
                  {card.recipientEmail ? ` for ${card.recipientEmail}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
