import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Card, CardContent, Container, Grid, Stack, TextField, Typography } from '@mui/material';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useNavigate, useParams } from 'react-router-dom';
import ProductPhoto from '../../components/ProductPhoto';
import Spinner from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import EngravingFields from '../../components/engraving/EngravingFields';
import { DEFAULT_ENGRAVING_FONT } from '../../components/engraving/fonts';
import { prependToLists } from '../../lib/listCache';
import type { PurchasePageQuery as PurchasePageResult } from '../../gql/graphql';
import { PlaceOrderMutation, PurchasePageQuery } from './operations';
import { engravingError, PHONE_PATTERN, phoneFormatMessage, quantityError } from '@keen/rules';
import FormikTextField from '../../components/FormikTextField';
import AddToCartButton from '../../components/AddToCartButton';
import { seenOf } from '../../lib/cart';

interface Values {
  phone: string;
  address: string;
  quantity: string;
  engravingText: string;
  engravingFont: string;
}

export default function PurchasePage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(PurchasePageQuery, { variables: { id } });

  if (loading && !data) return <Spinner />;
  const product = data?.product;
  const me = data?.me;
  if (error || !product || !me) {
    return (
      <Typography role="alert" color="error" sx={{ p: 4, textAlign: 'center' }}>
        {error ? errorMessage(error) : 'Product not found'}
      </Typography>
    );
  }

  return (
    <Container sx={{ py: 4 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card>
            <ProductPhoto product={product} width={360} height={260} />
            <CardContent>
              <Typography variant="h5" component="h2">
                {product.name}
              </Typography>
              <Typography color="text.secondary" sx={{ my: 1 }}>
                {product.description}
              </Typography>
              <Typography>Minimum order: {product.minimumQuantity}</Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <PurchaseForm product={product} me={me} fonts={data.engravingFonts} />
        </Grid>
      </Grid>
    </Container>
  );
}

interface PurchaseFormProps {
  product: NonNullable<PurchasePageResult['product']>;
  me: NonNullable<PurchasePageResult['me']>;
  fonts: PurchasePageResult['engravingFonts'];
}

/** The order form, once the customer and the product are known: their values start it. */
function PurchaseForm({ product, me, fonts }: PurchaseFormProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [placeOrder] = useMutation(PlaceOrderMutation, {
    // The new order joins every cached My Orders list (newest first); no list is fetched again.
    update(cache, { data: placed }) {
      if (placed?.placeOrder) prependToLists(cache, 'myOrders', placed.placeOrder);
    },
  });
  const fontIds = fonts.map((font) => font.id);

  const formik = useFormik<Values>({
    initialValues: {
      phone: me.phone ?? '',
      address: me.address ?? '',
      quantity: String(product.minimumQuantity),
      engravingText: '',
      engravingFont: DEFAULT_ENGRAVING_FONT,
    },
    validate: (values) => {
      const errors: Partial<Values> = {};
      if (!values.phone.trim()) errors.phone = 'Phone is Required';
      else if (!PHONE_PATTERN.test(values.phone.trim())) errors.phone = phoneFormatMessage();
      if (!values.address.trim()) errors.address = 'Address is Required';
      const quantity = quantityError(values.quantity, product);
      if (quantity) errors.quantity = quantity;
      const engraving = engravingError(values.engravingText, values.engravingFont, fontIds, product);
      if (engraving) errors.engravingText = engraving;
      return errors;
    },
    onSubmit: async (values) => {
      try {
        await placeOrder({
          variables: {
            input: {
              productId: product.id,
              quantity: Number(values.quantity),
              phone: values.phone.trim(),
              address: values.address.trim(),
              ...(values.engravingText ? { engraving: { text: values.engravingText, font: values.engravingFont } } : {}),
            },
          },
        });
        enqueueSnackbar('Order Placed', { variant: 'success' });
        navigate('/dashboard/myOrders');
      } catch (failure) {
        enqueueSnackbar(errorMessage(failure), { variant: 'error' });
      }
    },
  });

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = await formik.validateForm();
    if (errors.quantity) enqueueSnackbar(errors.quantity, { variant: 'error' });
    formik.handleSubmit();
  };

  /** The quantity and engraving chosen here, once they obey the product's rules (phone and address are asked at checkout). */
  const cartLine = () => {
    const message =
      quantityError(formik.values.quantity, product) ??
      engravingError(formik.values.engravingText, formik.values.engravingFont, fontIds, product);
    if (message) {
      enqueueSnackbar(message, { variant: 'error' });
      return null;
    }
    return {
      productId: product.id,
      quantity: Number(formik.values.quantity),
      engraving:
        product.engravable && formik.values.engravingText ? { text: formik.values.engravingText, font: formik.values.engravingFont } : null,
      seen: seenOf(product),
    };
  };

  const readOnly = { slotProps: { htmlInput: { readOnly: true } }, fullWidth: true };
  const quantity = Number(formik.values.quantity) || 0;
  const surcharge = product.engravable && formik.values.engravingText ? product.engravingPrice : 0;

  return (
    <Card>
      <CardContent>
        <Typography variant="h4" component="h1" sx={{ color: 'primary.main', mb: 2 }}>
          Purchase
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <TextField id="purchase-name" label="Name" value={me.name} {...readOnly} />
            <TextField id="purchase-email" label="Email" value={me.email} {...readOnly} />
            <TextField id="purchase-product" label="Product Name" value={product.name} {...readOnly} />
            <TextField id="purchase-price" label="Price" value={`$${product.price}`} {...readOnly} />
            <TextField id="purchase-stock" label="Stock" value={product.quantity} {...readOnly} />
            <FormikTextField formik={formik} id="purchase-phone" name="phone" label="Phone" type="tel" />
            <FormikTextField formik={formik} id="purchase-address" name="address" label="Address" multiline minRows={2} />
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
                price={product.engravingPrice}
                error={formik.errors.engravingText}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
              />
            )}
            <Typography>Total: ${quantity * (product.price + surcharge)}</Typography>
            <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
              Place Order
            </Button>
            <AddToCartButton productName={product.name} line={cartLine} />
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
