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
import { useOrderNotes } from './delivery/useOrderNotes';

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
  /** The signed-in customer; null for a guest (signed out), who gives `guest` instead. */
  customer: OrderingCustomerFragment | null;
  /** A guest's e-mail address and name (placeOrder's input.guest); null when signed in. */
  guest?: { email: string; name: string } | null;
  /** The saved addresses and shipping countries (the page's query spreads DeliveryChoices). */
  choices: DeliveryProps['choices'];
  /** The lines to price delivery for; null while they are not valid yet. */
  lines: OrderLineInput[] | null;
  /** Whether a line is age-restricted; null while the lines' products are being read. */
  ageRestricted: AgeCheckProps['needed'];
  /** Where the customer goes once the order is placed and said so (the new order as the mutation answered it). */
  onPlaced: (orderId: string, placed: Placed) => void;
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
  guest = null,
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
  const delivery = useDelivery({ choices, lines, customer: customer ?? { name: '' } });
  const ageCheck = useAgeCheck({ needed: ageRestricted, customer, guestEmail: guest?.email ?? null });
  const notes = useOrderNotes();
  const [refusedLines, setRefusedLines] = useState<RefusedLines | null>(null);

  /** Sends the order for these lines; an address that is not ready, or a note too long, shows what is wrong instead. */
  async function place(orderLines: OrderLineInput[]) {
    const shipping = delivery.order();
    if (!shipping) return delivery.touch();
    const texts = notes.input();
    if (!texts) return;
    const input = {
      ...shipping,
      ...texts,
      lines: orderLines,
      ...(guest && { guest: { ...guest, ageCheckId: ageCheck.guestCheckId } }),
    };
    setRefusedLines(null);
    try {
      const { data: placed } = await placeOrder({ variables: { input: { ...input, idempotencyKey: attempt.keyFor(input) } } });
      const order = placed?.placeOrder;
      const id = order?.id;
      if (!order || !id) return;
      attempt.finish();
      // Before the page moves on (the checkout's cart empties, which would show the empty cart meanwhile).
      await delivery.afterOrder();
      enqueueSnackbar('Order Placed', { variant: 'success' });
      onPlaced(id, order);
    } catch (failure) {
      if (ageCheck.orderRefused(failure)) return;
      // A refused gift card ("Gift card •••• ABCD has expired") is said under the gift card field.
      if (delivery.giftCards.length && /gift card/i.test(errorMessage(failure))) return delivery.setGiftCardRefusal(errorMessage(failure));
      const productIds = offersRemoval ? errorProductIds(failure) : [];
      if (productIds.length) setRefusedLines({ message: errorMessage(failure), productIds });
      else enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  return { delivery, ageCheck, notes, place, refusedLines, clearRefusedLines: () => setRefusedLines(null) };
}
