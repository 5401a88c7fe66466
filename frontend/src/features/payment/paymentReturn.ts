import type { OrderState } from '../../gql/graphql';

/** Where Stripe sends the customer back after a payment that left the page (a bank's site). */
export function paymentReturnPath(orderId: string): string {
  return `/payment/return?order=${encodeURIComponent(orderId)}`;
}

/** What the payment pages say of an order that takes no payment any more. */
export const CLOSED: Partial<Record<OrderState, string>> = {
  Expired: 'This order has expired: it was not paid in time, and its items went back on sale. Please place a new order.',
  Cancelled: 'This order was cancelled, so it cannot be paid.',
  Refunded: 'This order was refunded, so it cannot be paid.',
};
