import { useState } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useSnackbar } from 'notistack';
import type { OrderingCustomerFragment, OrderLineInput, PlaceOrderInput } from '../gql/graphql';
import { useAttemptKey } from '../lib/attemptKey';
import { errorMessage, errorProductIds } from '../lib/errors';
import { prependToLists } from '../lib/listCache';
import { type AgeCheckProps, useAgeCheck } from './ageCheck/useAgeCheck';
import { type DeliveryProps, useDelivery } from './delivery/useDelivery';

/** placeOrder's refusal of lines the address's country does not take (when shippingOptions did not say it first). */
export interface RefusedLines {
  message: string;
  productIds: string[];
}

interface PlaceOrderProps<Placed> {
  /** The page's placeOrder: it answers the new order with what the page's cache should learn of it. */
  mutation: TypedDocumentNode<{ placeOrder: Placed }, { input: PlaceOrderInput }>;
  /** Names the form's idempotency key, kept in this tab across a reload. */
  attemptName: string;
  customer: OrderingCustomerFragment;
  /** The saved addresses and shipping countries (the page's query spreads DeliveryChoices). */
  choices: DeliveryProps['choices'];
  /** The lines to price delivery for; null while they are not valid yet. */
  lines: OrderLineInput[] | null;
  /** Whether a line is age-restricted; null while the lines' products are being read. */
  ageRestricted: AgeCheckProps['needed'];
  /** Where the customer goes once the order is placed and said so. */
  onPlaced: (orderId: string) => void;
  /** A refusal naming lines is kept in `refusedLines` for the page to offer their removal, not said in a toast. */
  offersRemoval?: boolean;
}

/**
 * Placing one order from a form (the checkout's cart, the purchase page's one line): its delivery and
 * age check, then `place(lines)`, which sends placeOrder once the delivery is known. The new order
 * joins the cached My Orders lists; an age refusal shows in the age step, any other in a toast.
 */
export function usePlaceOrder<Placed extends { id: string }>({
  mutation,
  attemptName,
  customer,
  choices,
  lines,
  ageRestricted,
  onPlaced,
  offersRemoval = false,
}: PlaceOrderProps<Placed>) {
  const { enqueueSnackbar } = useSnackbar();
  // A retry of the same order (a double click, a network error, a reload) cannot place a second one.
  const attempt = useAttemptKey(attemptName);
  const [placeOrder] = useMutation(mutation, {
    // The new order joins every cached My Orders list (newest first); no list is fetched again.
    update(cache, { data: placed }) {
      if (placed?.placeOrder) prependToLists(cache, 'myOrders', placed.placeOrder);
    },
  });
  const delivery = useDelivery({ choices, lines, customer });
  const ageCheck = useAgeCheck({ needed: ageRestricted, customer });
  const [refusedLines, setRefusedLines] = useState<RefusedLines | null>(null);

  /** Sends the order for these lines; an address that is not ready shows what it lacks instead. */
  async function place(orderLines: OrderLineInput[]) {
    const shipping = delivery.order();
    if (!shipping) return delivery.touch();
    const input = { ...shipping, lines: orderLines };
    setRefusedLines(null);
    try {
      const { data: placed } = await placeOrder({ variables: { input: { ...input, idempotencyKey: attempt.keyFor(input) } } });
      const id = placed?.placeOrder.id;
      if (!id) return;
      attempt.finish();
      // Before the page moves on (the checkout's cart empties, which would show the empty cart meanwhile).
      await delivery.afterOrder();
      enqueueSnackbar('Order Placed', { variant: 'success' });
      onPlaced(id);
    } catch (failure) {
      if (ageCheck.orderRefused(failure)) return;
      const productIds = offersRemoval ? errorProductIds(failure) : [];
      if (productIds.length) setRefusedLines({ message: errorMessage(failure), productIds });
      else enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  return { delivery, ageCheck, place, refusedLines, clearRefusedLines: () => setRefusedLines(null) };
}
