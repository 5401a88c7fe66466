import { useQuery } from '@apollo/client/react';
import { Box, Button, Card, CardContent, Container, Grid, Stack, TextField, Typography } from '@mui/material';
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
import { engravingError, quantityError } from '@keen/rules';
import { DeliverTo, ShippingMethods } from '../../components/delivery/DeliverySection';
import DeliveryTotals from '../../components/delivery/DeliveryTotals';
import { usePlaceOrder } from '../../components/usePlaceOrder';
import AddToCartButton from '../../components/AddToCartButton';
import { seenOf } from '../../lib/cart';
import { useFormatMoney } from '../../lib/money';
import VariantPicker from '../../components/VariantPicker';
import { customOf, hasChoice, initialVariant, lineName, measureError, unitPrice, variantLabel } from '../../lib/variants';

interface Values {
  quantity: string;
  engravingText: string;
  engravingFont: string;
  /** The measure of a made-to-measure variant, as typed. */
  measure: string;
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
  const chosen = hasChoice(product.variants) ? initialVariant(product.variants, chosenId) : null;
  const choose = (variant: Variant) => chooseId(variant.id);

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
            </CardContent>
          </Card>
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
  const stock = { quantity: choice ? (chosen?.quantity ?? 0) : product.quantity, minimumQuantity: product.minimumQuantity };
  const custom = customOf(product.optionGroups, chosen);

  /** The first of quantity, measure and engraving rules the values break; '' when none (the server's messages). */
  const lineError = (values: Values) =>
    (custom && measureError(custom, values.measure, product.name)) ||
    quantityError(values.quantity, stock) ||
    engravingError(values.engravingText, values.engravingFont, fontIds, product);
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
          ...(values.engravingText ? { engraving: { text: values.engravingText, font: values.engravingFont } } : {}),
        };

  const formik = useFormik<Values>({
    initialValues: {
      quantity: String(product.minimumQuantity),
      engravingText: '',
      engravingFont: DEFAULT_ENGRAVING_FONT,
      measure: '',
    },
    validate: (values) => {
      const errors: Partial<Values> = {};
      const quantity = quantityError(values.quantity, stock);
      if (quantity) errors.quantity = quantity;
      const measure = custom && measureError(custom, values.measure, product.name);
      if (measure) errors.measure = measure;
      const engraving = engravingError(values.engravingText, values.engravingFont, fontIds, product);
      if (engraving) errors.engravingText = engraving;
      return errors;
    },
    onSubmit: async (values) => {
      const ordered = orderLine(values);
      if (ordered) await place([ordered]);
    },
  });
  const line = orderLine(formik.values);
  const { delivery, ageCheck, place } = usePlaceOrder({
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
      engraving:
        product.engravable && formik.values.engravingText ? { text: formik.values.engravingText, font: formik.values.engravingFont } : null,
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
                variants={product.variants}
                chosen={chosen}
                onChoose={onChoose}
                measure={formik.values.measure}
                onMeasure={(raw) => formik.setFieldValue('measure', raw)}
                measureError={measureShown}
              />
            )}
            <TextField id="purchase-price" label="Price" value={formatMoney(price, currency)} {...readOnly} />
            <TextField id="purchase-stock" label="Stock" value={stock.quantity} {...readOnly} />
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
            {product.engravable && (
              <EngravingFields
                text={formik.values.engravingText}
                font={formik.values.engravingFont}
                fonts={fonts}
                maxLength={product.engravingMaxLength}
                surcharge={product.engravingSurcharge}
                error={formik.errors.engravingText}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
              />
            )}
            <ShippingMethods delivery={delivery} idPrefix="purchase" />
            <DeliveryTotals delivery={delivery} linesTotal={{ amount: quantity * (price + surcharge), currency }} />
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
            <AddToCartButton productName={chosen ? lineName(product.name, chosen.name) : product.name} line={cartLine} />
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
