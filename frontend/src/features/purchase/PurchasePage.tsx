import { useQuery } from '@apollo/client/react';
import { Box, Button, Card, CardContent, Checkbox, Container, FormControlLabel, Grid, Stack, TextField, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useNavigate, useParams } from 'react-router-dom';
import { useChosenVariantId } from '../../lib/useChosenVariantId';
import AgeCheckStep from '../../components/ageCheck/AgeCheckStep';
import AgeRestrictedChip from '../../components/ageCheck/AgeRestrictedChip';
import PageLoadError from '../../components/PageLoadError';
import ProductPhoto from '../../components/ProductPhoto';
import Spinner from '../../components/Spinner';
import EngravingFields from '../../components/engraving/EngravingFields';
import { DEFAULT_ENGRAVING_FONT } from '../../components/engraving/fonts';
import { useSubmitOnce } from '../../lib/submitOnce';
import type { OrderLineInput, PurchasePageQuery as PurchasePageResult } from '../../gql/graphql';
import { PlaceOrderMutation, PurchasePageQuery } from './operations';
import { engravingError, engravingPlacementFor, parseMajorAmount, quantityError } from '@keen/rules';
import { DeliverTo, ShippingMethods } from '../../components/delivery/DeliverySection';
import DeliveryTotals from '../../components/delivery/DeliveryTotals';
import DiscountCodeField from '../../components/delivery/DiscountCodeField';
import GiftCardField from '../../components/delivery/GiftCardField';
import OrderNotesFields from '../../components/delivery/OrderNotesFields';
import { usePlaceOrder } from '../../components/usePlaceOrder';
import AddToCartButton from '../../components/AddToCartButton';
import GiftCardBalanceBox from './GiftCardBalanceBox';
import { seenOf } from '../../lib/cart';
import { unreadableAmount, useFormatMoney } from '../../lib/money';
import VariantPicker from '../../components/VariantPicker';
import {
  customOf,
  hasChoice,
  initialVariant,
  leadTimeOf,
  lineName,
  measureError,
  unitPrice,
  variantLabel,
  withStockRule,
} from '../../lib/variants';

interface Values {
  quantity: string;
  engravingText: string;
  engravingFont: string;
  /** Where the engraving goes: '' until chosen, when the product offers more than one place. */
  engravingPlacement: string;
  /** The measure of a made-to-measure variant, as typed. */
  measure: string;
  /** A gift card's: who receives its code (empty: the buyer), the message, and the day it is mailed (empty: on payment). */
  recipientEmail: string;
  message: string;
  sendOn: string;
  /** A gift card that allows it: the buyer's own amount instead of a denomination, as typed ("75" or "75.50"). */
  otherAmount: boolean;
  amount: string;
}

/** A gift card's message, at most this long. */
export const GIFT_CARD_MESSAGE_MAX = 300;

/** What a gift card's recipient, message and day break; '' when nothing. */
function giftCardError(values: Pick<Values, 'recipientEmail' | 'message' | 'sendOn'>): string {
  const email = values.recipientEmail.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return 'Enter the recipient’s e-mail address, or leave it empty to receive the card yourself';
  if (values.message.length > GIFT_CARD_MESSAGE_MAX) return `The message is at most ${GIFT_CARD_MESSAGE_MAX} characters`;
  if (values.sendOn) {
    const day = sendAtOf(values.sendOn);
    const now = Date.now();
    if (!day || day.getTime() < now - 24 * 3600 * 1000 || day.getTime() > now + 365 * 24 * 3600 * 1000)
      return 'Choose a day from today to a year ahead';
  }
  return '';
}

/** The bounds of a gift card's own amount, minor units; null when it comes in its denominations only. */
type AmountBounds = { min: number; max: number } | null;

/** What the buyer's own amount breaks ('' when nothing): unreadable, or outside the bounds the server checks too. */
function amountError(typed: string, bounds: NonNullable<AmountBounds>, currency: string, format: (amount: number) => string): string {
  const amount = parseMajorAmount(typed, currency);
  if (amount === null) return unreadableAmount(currency);
  if (amount < bounds.min || amount > bounds.max) return `Choose an amount from ${format(bounds.min)} to ${format(bounds.max)}`;
  return '';
}

/** The day chosen (YYYY-MM-DD) at 9 in the morning, local time; null when unreadable. */
function sendAtOf(day: string): Date | null {
  const date = new Date(`${day}T09:00:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

type Product = NonNullable<PurchasePageResult['product']>;
type Variant = Product['variants'][number];

export default function PurchasePage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(PurchasePageQuery, { variables: { id } });
  const [chosenId, chooseId] = useChosenVariantId();

  if (loading && !data) return <Spinner />;
  const product = data?.product;
  const me = data?.me;
  if (error || !product || !me) {
    return <PageLoadError error={error} missing="Product not found" />;
  }
  // A product without options has one variant and no picker: it shows and orders as the product.
  const chosen = hasChoice(product.variants) ? initialVariant(withStockRule(product, product.variants), chosenId) : null;
  const choose = (variant: Variant) => chooseId(variant.id);
  // The chosen variant's own lead time (or the only variant's), else the product's.
  const { leadTime } = leadTimeOf(product, hasChoice(product.variants) ? chosen : product.variants[0]);

  return (
    <Container sx={{ py: 4 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <ProductPhoto
              product={chosen ? { img: chosen.img, name: lineName(product.name, chosen.name) } : product}
              width={360}
              height={260}
            />
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="h5" component="h2">
                  {product.name}
                </Typography>
                <AgeRestrictedChip product={product} />
              </Stack>
              <Typography color="text.secondary" sx={{ my: 1 }}>
                {product.description}
              </Typography>
              <Typography>Minimum order: {product.minimumQuantity}</Typography>
              {product.kind !== 'GIFT_CARD' && (
                <Typography sx={{ fontWeight: 600 }}>
                  {leadTime.text}. {leadTime.shipWindow.text} if you order today.
                </Typography>
              )}
            </CardContent>
          </Card>
          {product.kind === 'GIFT_CARD' && <GiftCardBalanceBox />}
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <PurchaseForm product={product} me={me} choices={data} fonts={data.engravingFonts} chosen={chosen} onChoose={choose} />
        </Grid>
      </Grid>
    </Container>
  );
}

interface PurchaseFormProps {
  product: Product;
  me: NonNullable<PurchasePageResult['me']>;
  /** The saved addresses and shipping countries (the page's query spreads DeliveryChoices). */
  choices: PurchasePageResult;
  fonts: PurchasePageResult['engravingFonts'];
  /** The variant chosen among several; null for a product without options. */
  chosen: Variant | null;
  onChoose: (variant: Variant) => void;
}

/** The order form, once the customer and the product are known: their values start it. */
function PurchaseForm({ product, me, choices, fonts, chosen, onChoose }: PurchaseFormProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const fontIds = fonts.map((font) => font.id);
  const choice = hasChoice(product.variants);
  // What the form sells: the chosen variant's price (with a measure's surcharge) and stock; none left when nothing is on sale.
  const price = chosen ? unitPrice(product.optionGroups, chosen) : product.priceFrom.amount;
  const currency = product.priceFrom.currency;
  const formatMoney = useFormatMoney();
  const stock = {
    quantity: choice ? (chosen?.quantity ?? 0) : product.quantity,
    minimumQuantity: product.minimumQuantity,
    madeToOrder: leadTimeOf(product, choice ? chosen : product.variants[0]).madeToOrder,
  };
  const custom = customOf(product.optionGroups, chosen);
  // A gift card: its variants are denominations; no stock, engraving or cart, a recipient and message instead.
  const giftCard = product.kind === 'GIFT_CARD';
  const quantityRules = giftCard ? { quantity: Number.MAX_SAFE_INTEGER, minimumQuantity: product.minimumQuantity } : stock;
  const bounds: AmountBounds =
    giftCard && product.giftCardMinAmount != null && product.giftCardMaxAmount != null
      ? { min: product.giftCardMinAmount, max: product.giftCardMaxAmount }
      : null;
  const format = (amount: number) => formatMoney(amount, currency);
  /** The buyer's own amount, once it is chosen and within the bounds; null otherwise. */
  const ownAmount = (values: Values) =>
    bounds && values.otherAmount && !amountError(values.amount, bounds, currency, format)
      ? parseMajorAmount(values.amount, currency)
      : null;

  /** The first of quantity, measure and engraving rules the values break; '' when none (the server's messages). */
  const lineError = (values: Values) =>
    (custom && measureError(custom, values.measure, product.name)) ||
    quantityError(values.quantity, quantityRules) ||
    (bounds && values.otherAmount && amountError(values.amount, bounds, currency, format)) ||
    (giftCard
      ? giftCardError(values)
      : engravingError(values.engravingText, values.engravingFont, fontIds, product, values.engravingPlacement || null));
  /** The engraving of the line: its text, font and placement (the choice, or the product's only one); null for none. */
  const engravingOf = (values: Values) => {
    if (giftCard || !product.engravable || !values.engravingText) return null;
    const where = engravingPlacementFor(product, values.engravingPlacement || null);
    return {
      text: values.engravingText,
      font: values.engravingFont,
      ...('placement' in where && { placement: where.placement }),
    };
  };
  /** The order's one line as placeOrder and shippingOptions take it, once the values obey the product's rules. */
  const orderLine = (values: Values): OrderLineInput | null =>
    lineError(values)
      ? null
      : {
          productId: product.id,
          // A product without options orders its only variant: its line names none.
          ...(chosen && { variantId: chosen.id }),
          ...(custom && { customValue: Number(values.measure) }),
          quantity: Number(values.quantity),
          ...(engravingOf(values) && { engraving: engravingOf(values)! }),
          ...(giftCard && {
            giftCard: {
              ...(values.recipientEmail.trim() && { recipientEmail: values.recipientEmail.trim() }),
              ...(values.message.trim() && { message: values.message.trim() }),
              ...(values.sendOn && { sendAt: sendAtOf(values.sendOn)!.toISOString() }),
              ...(ownAmount(values) !== null && { amount: ownAmount(values) }),
            },
          }),
        };

  const formik = useFormik<Values>({
    initialValues: {
      quantity: String(product.minimumQuantity),
      engravingText: '',
      engravingFont: DEFAULT_ENGRAVING_FONT,
      engravingPlacement: product.engravingPlacements.length === 1 ? product.engravingPlacements[0] : '',
      measure: '',
      recipientEmail: '',
      message: '',
      sendOn: '',
      otherAmount: false,
      amount: '',
    },
    validate: (values) => {
      const errors: Partial<Values> = {};
      const quantity = quantityError(values.quantity, quantityRules);
      if (quantity) errors.quantity = quantity;
      const measure = custom && measureError(custom, values.measure, product.name);
      if (measure) errors.measure = measure;
      if (bounds && values.otherAmount) {
        const problem = amountError(values.amount, bounds, currency, format);
        if (problem) errors.amount = problem;
      }
      if (giftCard) {
        const problem = giftCardError(values);
        if (problem) errors.message = problem;
      } else {
        // The text's rules first; once the text is right, where it goes.
        const engraving = engravingError(values.engravingText, values.engravingFont, fontIds, {
          engravable: product.engravable,
          engravingMaxLength: product.engravingMaxLength,
        });
        if (engraving) errors.engravingText = engraving;
        else if (values.engravingText) {
          const where = engravingPlacementFor(product, values.engravingPlacement || null);
          if ('error' in where) errors.engravingPlacement = where.error;
        }
      }
      return errors;
    },
    onSubmit: async (values) => {
      const ordered = orderLine(values);
      if (ordered) await place([ordered]);
    },
  });
  const line = orderLine(formik.values);
  const { delivery, ageCheck, notes, place } = usePlaceOrder({
    mutation: PlaceOrderMutation,
    attemptName: 'purchase',
    customer: me,
    choices,
    lines: line && [line],
    ageRestricted: product.ageRestricted,
    onPlaced: () => navigate('/dashboard/myOrders'),
  });

  const { sending, onSubmit } = useSubmitOnce(async () => {
    const errors = await formik.validateForm();
    if (errors.quantity) enqueueSnackbar(errors.quantity, { variant: 'error' });
    formik.setFieldTouched('measure', true, false);
    // An address still incomplete shows what it lacks.
    if (delivery.status === 'incomplete') delivery.touch();
    await formik.submitForm();
  });

  /** The quantity and engraving chosen here, once they obey the product's rules (the delivery is asked at checkout). */
  const cartLine = () => {
    const message = lineError(formik.values);
    if (message) {
      if (custom) formik.setFieldTouched('measure', true, false);
      enqueueSnackbar(message, { variant: 'error' });
      return null;
    }
    const customValue = custom ? Number(formik.values.measure) : null;
    return {
      productId: product.id,
      // A product without options orders its only variant, as before variants: its line names none.
      ...(chosen && { variantId: chosen.id, variantName: variantLabel(product.optionGroups, chosen, customValue) }),
      ...(custom && { customValue }),
      quantity: Number(formik.values.quantity),
      engraving: engravingOf(formik.values),
      seen: seenOf(product, chosen && { img: chosen.img, unitAmount: price, quantity: chosen.quantity }),
    };
  };

  const readOnly = { slotProps: { htmlInput: { readOnly: true } }, fullWidth: true };
  const quantity = Number(formik.values.quantity) || 0;
  const surcharge = product.engravable && formik.values.engravingText ? product.engravingSurcharge.amount : 0;
  const measureShown = formik.touched.measure || formik.submitCount > 0 ? formik.errors.measure : null;

  return (
    <Card>
      <CardContent>
        <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
          Purchase
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            <TextField id="purchase-name" label="Name" value={me.name} {...readOnly} />
            <TextField id="purchase-email" label="Email" value={me.email} {...readOnly} />
            <TextField id="purchase-product" label="Product Name" value={product.name} {...readOnly} />
            {choice && (
              <VariantPicker
                id="purchase-option"
                groups={product.optionGroups}
                variants={withStockRule(product, product.variants)}
                chosen={chosen}
                onChoose={onChoose}
                measure={formik.values.measure}
                onMeasure={(raw) => formik.setFieldValue('measure', raw)}
                measureError={measureShown}
              />
            )}
            {bounds && (
              <>
                <FormControlLabel
                  control={
                    <Checkbox
                      id="purchase-other-amount"
                      name="otherAmount"
                      checked={formik.values.otherAmount}
                      onChange={formik.handleChange}
                    />
                  }
                  label="Other amount"
                />
                {formik.values.otherAmount && (
                  <TextField
                    id="purchase-amount"
                    label="Amount"
                    name="amount"
                    value={formik.values.amount}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                    error={!!formik.errors.amount && (formik.touched.amount || formik.submitCount > 0)}
                    helperText={
                      (formik.touched.amount || formik.submitCount > 0) && formik.errors.amount
                        ? formik.errors.amount
                        : `From ${format(bounds.min)} to ${format(bounds.max)}`
                    }
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    fullWidth
                  />
                )}
              </>
            )}
            <TextField id="purchase-price" label="Price" value={formatMoney(ownAmount(formik.values) ?? price, currency)} {...readOnly} />
            {!giftCard && <TextField id="purchase-stock" label="Stock" value={stock.quantity} {...readOnly} />}
            <DeliverTo delivery={delivery} idPrefix="purchase" />
            <TextField
              id="purchase-quantity"
              label="Quantity"
              name="quantity"
              type="number"
              slotProps={{ htmlInput: { min: 1 } }}
              value={formik.values.quantity}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              // The quantity messages show as toasts (SPEC §8), once each.
              error={!!formik.errors.quantity && formik.submitCount > 0}
              fullWidth
            />
            {giftCard && (
              <>
                <TextField
                  id="purchase-recipient"
                  label="Recipient's e-mail"
                  name="recipientEmail"
                  type="email"
                  value={formik.values.recipientEmail}
                  onChange={formik.handleChange}
                  helperText={`Empty: the code is mailed to you (${me.email})`}
                  fullWidth
                />
                <TextField
                  id="purchase-message"
                  label="Message"
                  name="message"
                  value={formik.values.message}
                  onChange={formik.handleChange}
                  multiline
                  minRows={2}
                  error={!!formik.errors.message && (formik.submitCount > 0 || formik.values.message.length > GIFT_CARD_MESSAGE_MAX)}
                  helperText={
                    (formik.submitCount > 0 || formik.values.message.length > GIFT_CARD_MESSAGE_MAX) && formik.errors.message
                      ? formik.errors.message
                      : `${formik.values.message.length} / ${GIFT_CARD_MESSAGE_MAX}`
                  }
                  fullWidth
                />
                <TextField
                  id="purchase-send-on"
                  label="Send on"
                  name="sendOn"
                  type="date"
                  value={formik.values.sendOn}
                  onChange={formik.handleChange}
                  helperText="Empty: as soon as the order is paid"
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                />
              </>
            )}
            {!giftCard && product.engravable && (
              <EngravingFields
                text={formik.values.engravingText}
                font={formik.values.engravingFont}
                placement={formik.values.engravingPlacement}
                placements={product.engravingPlacements}
                placementError={formik.touched.engravingPlacement || formik.submitCount > 0 ? formik.errors.engravingPlacement : undefined}
                fonts={fonts}
                maxLength={product.engravingMaxLength}
                surcharge={product.engravingSurcharge}
                error={formik.errors.engravingText}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
              />
            )}
            <ShippingMethods delivery={delivery} idPrefix="purchase" />
            <OrderNotesFields notes={notes} idPrefix="purchase" />
            <DiscountCodeField delivery={delivery} idPrefix="purchase" />
            <GiftCardField delivery={delivery} idPrefix="purchase" />
            <DeliveryTotals
              delivery={delivery}
              linesTotal={{ amount: quantity * ((ownAmount(formik.values) ?? price) + surcharge), currency }}
            />
            <AgeCheckStep check={ageCheck} idPrefix="purchase" />
            <Button
              type="submit"
              variant="contained"
              loading={sending}
              // Nothing to place while the address is refused or its options are on their way, nor before the age check.
              disabled={delivery.status === 'refused' || delivery.status === 'loading' || !ageCheck.ready}
            >
              Place Order
            </Button>
            {!giftCard && <AddToCartButton productName={chosen ? lineName(product.name, chosen.name) : product.name} line={cartLine} />}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
