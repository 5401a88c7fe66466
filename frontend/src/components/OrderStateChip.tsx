import { Chip, type ChipProps } from '@mui/material';
import type { OrderState } from '../gql/graphql';

/** How each order state reads to a person; the server's `state` decides which one applies. */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  AwaitingPayment: 'Awaiting payment',
  Paid: 'Paid',
  AwaitingProof: 'Awaiting proof',
  InProduction: 'In production',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
  PartiallyRefunded: 'Partly refunded',
  Refunded: 'Refunded',
};

const COLORS: Record<OrderState, ChipProps['color']> = {
  AwaitingPayment: 'default',
  Paid: 'warning',
  AwaitingProof: 'warning',
  InProduction: 'warning',
  Shipped: 'success',
  Delivered: 'success',
  Cancelled: 'default',
  Expired: 'default',
  PartiallyRefunded: 'info',
  Refunded: 'info',
};

/** States in which an order takes no payment and no cancel any more. */
export const CLOSED_ORDER_STATES: readonly OrderState[] = ['Cancelled', 'Expired', 'Refunded'];

export default function OrderStateChip({ state }: { state: OrderState }) {
  return <Chip size="small" label={ORDER_STATE_LABELS[state]} color={COLORS[state]} />;
}
