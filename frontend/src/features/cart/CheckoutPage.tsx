import { useQuery } from '@apollo/client/react';
import { useFormik } from 'formik';
import { guestInput, type GuestInput } from '@keen/rules/schemas';
import { Alert, Box, Button, Card, CardContent, Container, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import LineShipWindow from './LineShipWindow';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import AgeCheckStep from '../../components/ageCheck/AgeCheckStep';
import AgeRestrictedChip from '../../components/ageCheck/AgeRestrictedChip';
import DeliverySection from '../../components/delivery/DeliverySection';
import DeliveryTotals from '../../components/delivery/DeliveryTotals';
import DiscountCodeField from '../../components/delivery/DiscountCodeField';
import GiftCardField from '../../components/delivery/GiftCardField';
import OrderNotesFields from '../../components/delivery/OrderNotesFields';
import VatNumberField from '../../components/delivery/VatNumberField';
import PageHeading from '../../components/PageHeading';
import QueryState from '../../components/QueryState';
import Spinner from '../../components/Spinner';
import { toastAction } from '../../components/toastAction';
import { usePlaceOrder } from '../../components/usePlaceOrder';
import EngravingText from '../../components/engraving/EngravingText';
import type { CheckoutPageQuery as CheckoutPageResult } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { zodValidate } from '../../lib/zodForm';
import { useSubmitOnce } from '../../lib/submitOnce';
import { cart, type CartLine, cartTotal, lineKey, lineTotal, useCartLines } from '../../lib/cart';
import { useFormatMoney } from '../../lib/money';
import { lineName } from '../../lib/variants';
import EmptyCart from './EmptyCart';
import { CheckoutPageQuery, PlaceCartOrderMutation } from './operations';
import { lineProblem, priceChanges, useFreshProducts } from './useFreshProducts';

/**
 * `/checkout`: who, where to and how, the lines and the totals, then one order for the whole cart.
 * Signed out, it is a guest's: their e-mail address and name instead of an account (issue 51).
 */
export default function CheckoutPage() {
  const { user, initializing } = useAuth();
  const query = useQuery(CheckoutPageQuery, { skip: initializing });
  const lines = useCartLines();
  const me = query.data?.me ?? null;
  return (
    <Container maxWidth="md" sx={{ pb: 4 }}>
      <PageHeading>Checkout</PageHeading>
      {!lines.length ? (
        <EmptyCart />
      ) : initializing ? (
        <Spinner />
      ) : (
        <QueryState query={query}>{query.data && (me || !user) && <CheckoutForm me={me} choices={query.data} lines={lines} />}</QueryState>
      )}
    </Container>
  );
}

const validateGuest = zodValidate<GuestInput>(guestInput);

/** The cart's lines as placeOrder and shippingOptions take them. */
const orderLines = (lines: CartLine[]) =>
  lines.map((line) => ({
    productId: line.productId,
    // A line stored before variants names none: the server takes the product's only one.
    ...(line.variantId ? { variantId: line.variantId } : {}),
    ...(line.customValue != null ? { customValue: line.customValue } : {}),
    quantity: line.quantity,
    ...(line.engraving ? { engraving: line.engraving } : {}),
  }));

interface CheckoutFormProps {
  /** The signed-in customer; null for a guest. */
  me: CheckoutPageResult['me'];
  choices: CheckoutPageResult;
  lines: CartLine[];
}

function CheckoutForm({ me, choices, lines }: CheckoutFormProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // Nothing is placed until the shop's current prices and stock have been read and shown.
  const { products, error: freshError } = useFreshProducts(lines);
  const problems = lines
    .flatMap((line) => {
      const product = products?.get(line.productId);
      const changes = product
        ? priceChanges(line, product).map(({ what }) => `The ${what} of ${lineName(product.name, line.variantName)} changed`)
        : [];
      return changes.length ? changes : [lineProblem(line, product)];
    })
    .filter(Boolean);
  // A guest's e-mail address and name; checked as Place order is pressed, with the delivery.
  const guestForm = useFormik<GuestInput>({ initialValues: { email: '', name: '' }, validate: validateGuest, onSubmit: () => {} });
  const guest = me ? null : { email: guestForm.values.email.trim(), name: guestForm.values.name.trim() };
  const { delivery, ageCheck, notes, place, refusedLines, clearRefusedLines } = usePlaceOrder({
    mutation: PlaceCartOrderMutation,
    attemptName: 'checkout',
    customer: me,
    guest,
    choices,
    lines: orderLines(lines),
    ageRestricted: products && lines.some((line) => products.get(line.productId)?.ageRestricted),
    onPlaced: (id, placed) => {
      cart.clear();
      // A guest's order page is reached by its link alone: the token is in the address, as in the mails.
      if (placed.guestToken) return navigate(`/orders/${id}?token=${encodeURIComponent(placed.guestToken)}`);
      // An order its gift cards paid in full is Paid already: its receipt is in My Orders, there is nothing to pay.
      navigate(placed.totals.amountDue.amount === 0 ? '/dashboard/myOrders' : `/dashboard/payment/${id}`);
    },
    offersRemoval: true,
  });
  /** Takes the refused products' lines out of the cart, so that the rest can be bought; Undo puts them back. */
  const removeRefused = (productIds: readonly string[]) => {
    const removed = cart.removeProducts(productIds);
    clearRefusedLines();
    if (!removed.length) return;
    const names = removed.map(({ line }) => lineName(line.seen.name, line.variantName)).join(', ');
    enqueueSnackbar(`Removed ${names}`, {
      action: toastAction('Undo', () => removed.forEach(({ index, line }) => cart.restore(index, line))),
    });
  };
  const { sending, onSubmit } = useSubmitOnce(async () => {
    if (!me && Object.keys(await guestForm.validateForm()).length) {
      await guestForm.setTouched({ email: true, name: true });
      return;
    }
    await place(orderLines(lines));
  });
  const guestError = (field: keyof GuestInput) => (guestForm.touched[field] && guestForm.errors[field]) || undefined;
  const removeButton = (productIds: readonly string[]) =>
    productIds.length > 0 && (
      <Button color="inherit" size="small" onClick={() => removeRefused(productIds)}>
        Remove from cart
      </Button>
    );
  const readOnly = { slotProps: { htmlInput: { readOnly: true } }, fullWidth: true };
  const formatMoney = useFormatMoney();

  return (
    <Card>
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Checkout">
          <Stack spacing={2}>
            {me ? (
              <>
                <TextField id="checkout-name" label="Name" value={me.name} {...readOnly} />
                <TextField id="checkout-email" label="Email" value={me.email} {...readOnly} />
              </>
            ) : (
              <>
                <Typography>
                  Checking out as a guest: no account needed. Your receipt and a link to your order go to this address once it is paid.{' '}
                  <Link component={RouterLink} to="/login" state={{ from: { pathname: '/checkout' } }}>
                    Sign in instead
                  </Link>
                </Typography>
                <TextField
                  id="checkout-email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  fullWidth
                  {...guestForm.getFieldProps('email')}
                  error={!!guestError('email')}
                  helperText={guestError('email')}
                />
                <TextField
                  id="checkout-name"
                  label="Name"
                  autoComplete="name"
                  required
                  fullWidth
                  {...guestForm.getFieldProps('name')}
                  error={!!guestError('name')}
                  helperText={guestError('name')}
                />
              </>
            )}
            <DeliverySection delivery={delivery} idPrefix="checkout" refusedAction={removeButton(delivery.refusedProductIds)} />
            <VatNumberField delivery={delivery} idPrefix="checkout" />
            <Typography variant="h6" component="h2">
              Your order
            </Typography>
            <Box component="ul" aria-label="Order lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {lines.map((line) => (
                <Box
                  component="li"
                  key={lineKey(line)}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1, flexWrap: 'wrap' }}
                >
                  <Box>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography>
                        {line.quantity} x {lineName(line.seen.name, line.variantName)}
                      </Typography>
                      <AgeRestrictedChip product={products?.get(line.productId)} />
                    </Stack>
                    <EngravingText engraving={line.engraving} />
                    <LineShipWindow product={products?.get(line.productId)} />
                  </Box>
                  <Typography>{formatMoney(lineTotal(line), line.seen.currency)}</Typography>
                </Box>
              ))}
            </Box>
            <OrderNotesFields notes={notes} idPrefix="checkout" />
            <Divider />
            {/* A discount code is an account's (each is used once per customer). */}
            {me && <DiscountCodeField delivery={delivery} idPrefix="checkout" />}
            <GiftCardField delivery={delivery} idPrefix="checkout" />
            <DeliveryTotals delivery={delivery} linesTotal={cartTotal(lines)} />
            {problems.length > 0 && (
              <Alert severity="error">
                {problems.join('. ')}.{' '}
                <Link component={RouterLink} to="/cart">
                  Back to your cart
                </Link>
              </Alert>
            )}
            {freshError ? <Alert severity="error">Could not check the current prices and stock: {errorMessage(freshError)}</Alert> : null}
            {refusedLines && (
              <Alert severity="error" action={removeButton(refusedLines.productIds)}>
                {refusedLines.message}
              </Alert>
            )}
            <AgeCheckStep check={ageCheck} idPrefix="checkout" />
            <Button
              type="submit"
              variant="contained"
              loading={sending}
              disabled={products === null || problems.length > 0 || delivery.status !== 'ready' || !ageCheck.ready}
            >
              Place order
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
