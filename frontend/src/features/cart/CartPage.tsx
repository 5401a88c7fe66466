import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Container, IconButton, Stack, TextField, Typography } from '@mui/material';
import LineShipWindow from './LineShipWindow';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { quantityError } from '@keen/rules';
import { useSnackbar } from 'notistack';
import AgeRestrictedChip from '../../components/ageCheck/AgeRestrictedChip';
import PageHeading from '../../components/PageHeading';
import { toastAction } from '../../components/toastAction';
import Spinner from '../../components/Spinner';
import EngravingText from '../../components/engraving/EngravingText';
import { errorMessage } from '../../lib/errors';
import EmptyCart from './EmptyCart';
import { cart, type CartLine, cartTotal, lineKey, lineTotal, useCartLines } from '../../lib/cart';
import { useFormatMoney } from '../../lib/money';
import { leadTimeOf, lineName } from '../../lib/variants';
import {
  type FreshProduct,
  freshSeen,
  freshVariant,
  lineProblem,
  type PriceChange,
  priceChanges,
  useFreshProducts,
} from './useFreshProducts';

/** `/cart`: every line with its quantity, removal and total; prices and stock read again on opening. */
export default function CartPage() {
  const lines = useCartLines();
  const navigate = useNavigate();
  const { products, loading, error } = useFreshProducts(lines);
  const formatMoney = useFormatMoney();

  if (!lines.length) {
    return (
      <Container maxWidth="md" sx={{ pb: 4 }}>
        <PageHeading>Your cart</PageHeading>
        <EmptyCart />
      </Container>
    );
  }

  const problems = lines.map((line) => lineProblem(line, products?.get(line.productId)));
  const changed = lines.map((line) => {
    const product = products?.get(line.productId);
    const changes = priceChanges(line, product);
    return product && changes.length ? { product, changes } : null;
  });
  const blocked = !products || problems.some(Boolean) || changed.some(Boolean);
  const subtotal = cartTotal(lines);
  // Signed out, the checkout is a guest's, and offers signing in instead.
  const checkout = () => navigate('/checkout');

  return (
    <Container maxWidth="md" sx={{ pb: 4 }}>
      <PageHeading>Your cart</PageHeading>
      {loading && <Spinner />}
      {!!error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Could not check prices and stock: {errorMessage(error)}
        </Alert>
      )}
      <Stack spacing={2} component="ul" aria-label="Cart lines" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {lines.map((line, index) => (
          <CartRow
            key={lineKey(line)}
            line={line}
            index={index}
            product={products?.get(line.productId)}
            problem={problems[index]}
            changedPrice={changed[index]}
          />
        ))}
      </Stack>
      <Typography variant="h6" component="p" sx={{ mt: 3, textAlign: 'right' }}>
        Subtotal: {formatMoney(subtotal.amount, subtotal.currency)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/products" variant="outlined">
          Continue shopping
        </Button>
        <Button variant="contained" onClick={checkout} disabled={blocked}>
          Checkout
        </Button>
      </Stack>
    </Container>
  );
}

interface CartRowProps {
  line: CartLine;
  index: number;
  product: FreshProduct | null | undefined;
  problem: string | null;
  /** The product as the shop sells it now, when a price this line pays changed. */
  changedPrice: { product: FreshProduct; changes: PriceChange[] } | null;
}

function CartRow({ line, index, product, problem, changedPrice }: CartRowProps) {
  const { enqueueSnackbar } = useSnackbar();
  const formatMoney = useFormatMoney();
  const { currency } = line.seen;
  const name = lineName(product?.name ?? line.seen.name, line.variantName);
  const variant = product ? freshVariant(line, product) : null;
  const [draft, setDraft] = useState(String(line.quantity));
  // Another tab (or a merge of the same line) changed the quantity: show it.
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setDraft(String(line.quantity));
  }
  // The stock that limits the line is its variant's.
  const rules =
    product && variant && variant !== 'choose'
      ? { quantity: variant.quantity, minimumQuantity: product.minimumQuantity, madeToOrder: leadTimeOf(product, variant).madeToOrder }
      : { quantity: line.seen.stock, minimumQuantity: line.seen.minimumQuantity };
  const draftError = draft === String(line.quantity) ? null : quantityError(draft, rules);
  const fieldId = `cart-quantity-${index}`;

  return (
    <Card component="li">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            component="img"
            src={line.seen.img}
            alt=""
            width={96}
            height={72}
            sx={{ objectFit: 'contain', bgcolor: '#101316', borderRadius: 1, flexShrink: 0 }}
          />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h2">
                {name}
              </Typography>
              <AgeRestrictedChip product={product} />
            </Stack>
            <Typography variant="body2">
              Unit price: {formatMoney(line.seen.unitAmount, currency)}
              {line.engraving ? ` + ${formatMoney(line.seen.engravingAmount, currency)} engraving` : ''}
            </Typography>
            <EngravingText engraving={line.engraving} />
            <LineShipWindow product={product} />
          </Box>
          <TextField
            id={fieldId}
            label={`Quantity for ${name}`}
            type="number"
            size="small"
            value={draft}
            onChange={(event) => {
              const raw = event.target.value;
              setDraft(raw);
              if (!quantityError(raw, rules)) cart.setQuantity(index, Number(raw));
            }}
            onBlur={() => setDraft(String(line.quantity))}
            error={!!draftError}
            helperText={draftError}
            slotProps={{
              htmlInput: {
                min: rules.minimumQuantity,
                max: ('madeToOrder' in rules ? rules.madeToOrder : product?.madeToOrder) ? undefined : rules.quantity,
                step: 1,
              },
            }}
            sx={{ width: { xs: '100%', sm: 240 } }}
          />
          <Typography sx={{ minWidth: 80, textAlign: { sm: 'right' } }}>{formatMoney(lineTotal(line), currency)}</Typography>
          <IconButton
            aria-label={`Remove ${name}`}
            onClick={() => {
              // Removing needs no confirmation: the toast's Undo puts the line back.
              cart.remove(index);
              enqueueSnackbar(`Removed ${name}`, { action: toastAction('Undo', () => cart.restore(index, line)) });
            }}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
        {changedPrice && (
          <Alert
            severity="warning"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => cart.refresh(index, freshSeen(line, changedPrice.product))}>
                Accept
              </Button>
            }
          >
            {changedPrice.changes
              .map(
                ({ what, from, to }) =>
                  `The ${what} of ${name} changed from ${formatMoney(from.amount, from.currency)} to ${formatMoney(to.amount, to.currency)}.`,
              )
              .join(' ')}
          </Alert>
        )}
        {problem && (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              // A line kept from before the product had options: its page chooses one.
              variant === 'choose' && (
                <Button color="inherit" size="small" component={RouterLink} to={`/purchase/${line.productId}`}>
                  Choose
                </Button>
              )
            }
          >
            {problem}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
