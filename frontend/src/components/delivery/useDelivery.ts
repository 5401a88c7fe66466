import { useMemo, useState } from 'react';
import { skipToken, useApolloClient, useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { checkVatNumber, takesVatNumber } from '@keen/rules';
import { ADDRESS_BOOK_LIMIT } from '@keen/rules/address';
import type {
  DeliveryChoicesFragment,
  OrderLineInput,
  SavedAddressFragment,
  ShippingAddressInput,
  ShippingOptionsInput,
} from '../../gql/graphql';
import { useSaveAddress } from '../../lib/addressBook';
import { errorMessage, errorProductIds } from '../../lib/errors';
import { useShop } from '../../lib/money';
import { useDebounced } from '../../lib/useDebounced';
import { GiftCardBalanceQuery, OrderQuoteQuery } from '../../operations/delivery';
import { type AddressFormValues, addressFormValues, validateAddress } from '../address/AddressFields';
import { addressInput, useAddressMetadata } from '../address/addressMetadata';

/** The "New address" choice among the saved ones. */
export const NEW_ADDRESS = 'new';

/** How long an address or the lines must stay unchanged before their shipping options are asked for. */
const SETTLE_MS = 300;

export interface DeliveryProps {
  /** The saved addresses and where the shop ships, from the page's query (it spreads DeliveryChoices). */
  choices: DeliveryChoicesFragment;
  /** The lines to price delivery for; null while they are not valid yet. */
  lines: OrderLineInput[] | null;
  /** Who orders: their profile's name and phone start a new address (a guest: empty; they have no address book). */
  customer: { name: string; phone?: string | null };
}

export type Delivery = ReturnType<typeof useDelivery>;

/** At most this many gift cards on one order (placeOrder's limit). */
export const GIFT_CARD_LIMIT = 5;

/** A gift card the customer applied: its code as placeOrder takes it, and its last four characters as its balance look-up answered. */
export interface AppliedGiftCard {
  code: string;
  lastFour: string;
}

/** A code as the server compares it: no spaces or dashes, upper case. */
export const normalGiftCardCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

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
  // (Again once the country's metadata is in: its rules apply from then on.)
  const metadata = useAddressMetadata(form.values.country);
  const typed = useMemo(() => {
    const parsed = addressInput.safeParse(form.values);
    return parsed.success ? parsed.data : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `metadata` changes what addressInput answers
  }, [form.values, metadata]);
  const address = saved ? shippingAddressOf(saved) : typed;

  // A shop that ships nowhere in particular (no zones: no shipping countries) ships free and untaxed; nothing to ask.
  const zoneless = choices.shippingCountries.length === 0;
  const complete = address !== null && lines !== null;
  // The discount code the customer applied: the quote and the order are priced with it.
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  // The gift cards applied, in the order they pay; and placeOrder's refusal of one, said under their field.
  const [giftCards, setGiftCards] = useState<AppliedGiftCard[]>([]);
  const [giftCardRefusal, setGiftCardRefusal] = useState<string | null>(null);
  const codes = giftCards.map((card) => card.code);
  // A business buyer's VAT number (EU and UK addresses): checked against the address's country as typed, quoted once it is valid.
  const [vatText, setVatText] = useState('');
  const [vatTouched, setVatTouched] = useState(false);
  const vatCountry = address?.country ?? form.values.country;
  const vatAsked = takesVatNumber(vatCountry) && vatText.trim() !== '';
  const vatChecked = vatAsked ? checkVatNumber(vatText, vatCountry) : null;
  const vatNumber = vatChecked && 'vatNumber' in vatChecked ? vatChecked.vatNumber : null;
  const vatProblem = vatChecked && 'error' in vatChecked ? vatChecked.error : null;
  // Quoted with the cards applied: the server answers what each would pay (a shop without zones asks only then).
  const asked =
    complete && (!zoneless || codes.length > 0)
      ? JSON.stringify({
          lines,
          address,
          ...(discountCode && { discountCode }),
          ...(codes.length > 0 && { giftCards: codes }),
          ...(vatNumber && { vatNumber }),
        })
      : null;
  const settled = useDebounced(asked, SETTLE_MS);
  const input = useMemo(() => (settled ? (JSON.parse(settled) as ShippingOptionsInput) : null), [settled]);
  const client = useApolloClient();
  const query = useQuery(OrderQuoteQuery, input ? { variables: { input } } : skipToken);
  // The answer for the address and lines on screen, not for earlier ones still settling or on their way.
  const current = asked !== null && asked === settled && !query.loading;
  const quote = current ? (query.data?.orderQuote ?? null) : null;
  const options = zoneless ? null : (quote?.options ?? null);
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
    canSave: choices.me != null && addresses.length < ADDRESS_BOOK_LIMIT,
    /** The lines are not valid yet (the purchase form's quantity, measure or engraving). */
    waitingForLines: !lines,
    status,
    options: options ?? [],
    /** Why the zone's other methods are not offered ("Too heavy for Standard: at most 2 kg"). */
    notOffered: quote?.notOffered ?? [],
    option,
    chooseMethod: setMethodId,
    noZones,
    /** With gift cards applied and nothing to deliver (no zones, or gift cards alone): the order's totals as the server quotes them; null otherwise. */
    undeliveredTotals: noZones && codes.length > 0 ? (quote?.totals ?? null) : null,
    /** What each applied card would pay of the total shown, as the server quotes it (the chosen option's, or the undelivered order's); [] before. */
    giftCardPayments: (option ? option.giftCardPayments : quote?.giftCardPayments) ?? [],
    refused,
    /** The products the address refuses (a country that takes no blades); empty otherwise. */
    refusedProductIds,
    /** What placeOrder takes for delivery (and the discount code), once the options for this address are known; null before. */
    order(): {
      phone: string;
      shippingAddress: ShippingAddressInput;
      shippingMethodId?: string;
      discountCode?: string;
      giftCards?: string[];
      vatNumber?: string;
    } | null {
      if (status !== 'ready' || !address || vatProblem) return null;
      return {
        phone: address.phone,
        shippingAddress: address,
        ...(option && { shippingMethodId: option.id }),
        ...(discountCode && { discountCode }),
        ...(giftCards.length > 0 && { giftCards: giftCards.map((card) => card.code) }),
        ...(vatNumber && { vatNumber }),
      };
    },
    /** The VAT number field (business buyers), shown for EU and UK addresses only. */
    vat: {
      shown: takesVatNumber(vatCountry),
      text: vatText,
      setText: setVatText,
      /** What is wrong with it for the address's country, once the buyer left the field (or tried to order). */
      problem: vatTouched ? vatProblem : null,
      touch: () => setVatTouched(true),
    },
    giftCards,
    /** placeOrder's refusal of a gift card ("Gift card •••• ABCD has expired"), shown under the gift card field; null otherwise. */
    giftCardRefusal,
    setGiftCardRefusal,
    /**
     * Applies a gift card: its balance is looked up (giftCardBalance), and an unknown, expired or empty
     * card is refused with the reason; answers the refusal, or null once the card is applied.
     */
    async applyGiftCard(typedCode: string): Promise<string | null> {
      const code = normalGiftCardCode(typedCode);
      if (!code) return 'Enter a gift card code';
      if (giftCards.some((card) => card.code === code)) return 'That gift card is already applied';
      if (giftCards.length >= GIFT_CARD_LIMIT) return `At most ${GIFT_CARD_LIMIT} gift cards on one order`;
      let card;
      try {
        const { data } = await client.query({ query: GiftCardBalanceQuery, variables: { code }, fetchPolicy: 'network-only' });
        card = data?.giftCardBalance;
      } catch (failure) {
        return errorMessage(failure);
      }
      if (!card) return 'That gift card could not be checked';
      if (card.expiresAt && new Date(card.expiresAt).getTime() <= Date.now()) return `Gift card •••• ${card.lastFour} has expired`;
      if (card.balance.amount <= 0) return `Gift card •••• ${card.lastFour} has nothing left on it`;
      setGiftCards((cards) => [...cards, { code, lastFour: card.lastFour }]);
      setGiftCardRefusal(null);
      return null;
    },
    removeGiftCard(code: string) {
      setGiftCards((cards) => cards.filter((card) => card.code !== code));
      setGiftCardRefusal(null);
    },
    discountCode,
    /**
     * Applies a discount code: asked of the server with this address and these lines (the answer is
     * the quote the page then shows); answers the server's refusal ("EARLYBIRD has expired"), or null.
     * Before the address is complete it is kept, and the quote checks it.
     */
    async applyDiscountCode(code: string): Promise<string | null> {
      if (complete && !zoneless) {
        try {
          await client.query({
            query: OrderQuoteQuery,
            variables: { input: { lines, address, discountCode: code, ...(codes.length > 0 && { giftCards: codes }) } },
          });
        } catch (failure) {
          return errorMessage(failure);
        }
      }
      setDiscountCode(code);
      return null;
    },
    removeDiscountCode: () => setDiscountCode(null),
    /** Shows every message of the new address's form (a submit before it was complete). */
    touch() {
      setVatTouched(true);
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
