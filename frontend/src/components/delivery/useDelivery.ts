import { useMemo, useState } from 'react';
import { skipToken, useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { ADDRESS_BOOK_LIMIT, addressInput } from '@keen/rules/address';
import type { DeliveryChoicesFragment, OrderLineInput, SavedAddressFragment, ShippingAddressInput } from '../../gql/graphql';
import { useSaveAddress } from '../../lib/addressBook';
import { errorMessage, errorProductIds } from '../../lib/errors';
import { useShop } from '../../lib/money';
import { useDebounced } from '../../lib/useDebounced';
import { ShippingOptionsQuery } from '../../operations/delivery';
import { type AddressFormValues, addressFormValues, validateAddress } from '../address/AddressFields';

/** The "New address" choice among the saved ones. */
export const NEW_ADDRESS = 'new';

/** How long an address or the lines must stay unchanged before their shipping options are asked for. */
const SETTLE_MS = 300;

export interface DeliveryProps {
  /** The saved addresses and where the shop ships, from the page's query (it spreads DeliveryChoices). */
  choices: DeliveryChoicesFragment;
  /** The lines to price delivery for; null while they are not valid yet. */
  lines: OrderLineInput[] | null;
  /** Who orders: their profile's name and phone start a new address. */
  customer: { name: string; phone?: string | null };
}

export type Delivery = ReturnType<typeof useDelivery>;

/** A saved address as placeOrder and shippingOptions take it. */
function shippingAddressOf(saved: SavedAddressFragment): ShippingAddressInput {
  const { name, line1, line2, city, region, postalCode, country, phone } = saved;
  return { name, line1, line2, city, region, postalCode, country, phone };
}

/**
 * Where an order ships and how: a saved address (the default first) or a new one, and the shipping
 * option chosen among those the server prices for the lines and that address (the cheapest unless
 * the customer picks another). The options are asked for only once the address is valid and has
 * stayed unchanged for a moment, never per keystroke; a country no zone covers is refused with the
 * server's message. `order()` is what placeOrder takes; `afterOrder()` saves a new address when asked.
 */
export function useDelivery({ choices, lines, customer }: DeliveryProps) {
  const shop = useShop();
  const { enqueueSnackbar } = useSnackbar();
  const addresses = choices.me?.addresses ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const preset = addresses.find((address) => address.isDefault) ?? addresses[0] ?? null;
  const saved = addresses.find((address) => address.id === picked) ?? (picked === NEW_ADDRESS ? null : preset);
  const chosen = saved?.id ?? NEW_ADDRESS;

  const form = useFormik<AddressFormValues>({
    initialValues: { ...addressFormValues(null, shop.country), name: customer.name, phone: customer.phone ?? '' },
    validate: validateAddress,
    onSubmit: () => {},
  });
  const [save, setSave] = useState(false);
  const [saveAddress] = useSaveAddress();

  // The new address as the server will store it (normalised), once it is valid.
  const typed = useMemo(() => {
    const parsed = addressInput.safeParse(form.values);
    return parsed.success ? parsed.data : null;
  }, [form.values]);
  const address = saved ? shippingAddressOf(saved) : typed;

  // A shop that ships nowhere in particular (no zones: no shipping countries) ships free and untaxed; nothing to ask.
  const zoneless = choices.shippingCountries.length === 0;
  const complete = address !== null && lines !== null;
  const asked = complete && !zoneless ? JSON.stringify({ lines, address }) : null;
  const settled = useDebounced(asked, SETTLE_MS);
  const input = useMemo(
    () => (settled ? (JSON.parse(settled) as { lines: OrderLineInput[]; address: ShippingAddressInput }) : null),
    [settled],
  );
  const query = useQuery(ShippingOptionsQuery, input ? { variables: { input } } : skipToken);
  // The answer for the address and lines on screen, not for earlier ones still settling or on their way.
  const current = asked !== null && asked === settled && !query.loading;
  const options = current ? (query.data?.shippingOptions ?? null) : null;
  const refused = current && query.error ? errorMessage(query.error) : null;
  // A country that takes no blades names the age-restricted products it refuses: the rest may still ship.
  const refusedProductIds = current && query.error ? errorProductIds(query.error) : [];

  const [methodId, setMethodId] = useState<string | null>(null);
  const cheapest = options?.reduce<(typeof options)[number] | null>(
    (best, option) => (best && best.price.amount <= option.price.amount ? best : option),
    null,
  );
  const option = options?.find((candidate) => candidate.id === methodId) ?? cheapest ?? null;
  // No zones at all: the shop ships free and untaxed, as before delivery was set up.
  const noZones = zoneless || options?.length === 0;

  const status: 'incomplete' | 'loading' | 'refused' | 'ready' = !complete
    ? 'incomplete'
    : zoneless
      ? 'ready'
      : refused
        ? 'refused'
        : options && (option || noZones)
          ? 'ready'
          : 'loading';

  return {
    addresses,
    chosen,
    choose: setPicked,
    /** The new address's form (shown for "New address", or when there is no saved one). */
    form,
    preferredCountries: zoneless ? [shop.country] : choices.shippingCountries,
    save,
    setSave,
    /** The book has room for one more. */
    canSave: addresses.length < ADDRESS_BOOK_LIMIT,
    /** The lines are not valid yet (the purchase form's quantity, measure or engraving). */
    waitingForLines: !lines,
    status,
    options: options ?? [],
    option,
    chooseMethod: setMethodId,
    noZones,
    refused,
    /** The products the address refuses (a country that takes no blades); empty otherwise. */
    refusedProductIds,
    /** What placeOrder takes for delivery, once the options for this address are known; null before. */
    order(): { phone: string; shippingAddress: ShippingAddressInput; shippingMethodId?: string } | null {
      if (status !== 'ready' || !address) return null;
      return { phone: address.phone, shippingAddress: address, ...(option && { shippingMethodId: option.id }) };
    },
    /** Shows every message of the new address's form (a submit before it was complete). */
    touch() {
      if (!saved) void form.submitForm();
    },
    /** After the order was placed: saves the new address when asked. A failure is said, and loses nothing of the order. */
    async afterOrder() {
      if (saved || !save || !address) return;
      try {
        await saveAddress({ variables: { input: address } });
      } catch (failure) {
        enqueueSnackbar(`Your order is placed, but the address could not be saved: ${errorMessage(failure)}`, { variant: 'warning' });
      }
    },
  };
}
