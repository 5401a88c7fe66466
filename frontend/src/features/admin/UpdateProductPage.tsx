import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Typography } from '@mui/material';
import Spinner from '../../components/Spinner';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { amountText } from '../../lib/money';
import { AdminProductQuery, UpdateProductMutation } from './operations';
import ProductForm, { type ProductFields } from './ProductForm';
import { updateProductSchema } from './productSchema';

/** /updateProduct/{id} (admin only): price, quantity, minimum quantity, photo, age restriction and the rest of the form. */
export default function UpdateProductPage() {
  const { id = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(AdminProductQuery, { variables: { id } });
  // The answer carries every field, so cached lists and cards show the change without a refetch.
  const [updateProduct] = useMutation(UpdateProductMutation);

  if (loading) return <Spinner />;
  const product = data?.product;
  if (error || !product) {
    return (
      <Typography role="alert" color="error" sx={{ p: 3 }}>
        {error ? errorMessage(error) : 'Product not found'}
      </Typography>
    );
  }

  const { currency } = product.priceFrom;

  async function save(fields: ProductFields) {
    try {
      // Update Product changes neither name nor description; a blank minimum age is sent as null,
      // which clears the product's own.
      const { name: _name, description: _description, ...input } = fields;
      const { data: updated } = await updateProduct({ variables: { id, input } });
      enqueueSnackbar(`${updated?.updateProduct.name ?? product!.name} have been updated`, { variant: 'success' });
      navigate('/dashboard/manageProducts');
    } catch (failure) {
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Update {product.name}
      </Typography>
      <Button size="small" component={RouterLink} to={`/dashboard/manageProducts/${product.id}/variants`} sx={{ mb: 2 }}>
        Options and variants
      </Button>
      <ProductForm
        key={product.id}
        initialValues={{
          kind: product.kind,
          name: product.name,
          description: product.description,
          price: amountText(product.priceFrom.amount, currency),
          quantity: product.quantity,
          minimumQuantity: product.minimumQuantity,
          photo: product.img,
          engravable: product.engravable,
          engravingMaxLength: product.engravingMaxLength,
          engravingPrice: amountText(product.engravingSurcharge.amount, currency),
          proofRequired: product.proofRequired,
          engravingPlacements: [...product.engravingPlacements],
          taxCategory: product.taxCategory,
          ageRestricted: product.ageRestricted,
          minimumAge: product.minimumAge ?? '',
          madeToOrderMinDays: product.madeToOrder?.minDays ?? '',
          madeToOrderMaxDays: product.madeToOrder?.maxDays ?? '',
          madeToOrderCap: product.madeToOrderCap ?? '',
          weightGrams: product.weightGrams,
          giftCardMinAmount: product.giftCardMinAmount === null ? '' : amountText(product.giftCardMinAmount, currency),
          giftCardMaxAmount: product.giftCardMaxAmount === null ? '' : amountText(product.giftCardMaxAmount, currency),
          slug: product.slug,
        }}
        schema={updateProductSchema}
        currency={currency}
        submitLabel="Update Product"
        nameEditable={false}
        onSave={save}
      />
    </Box>
  );
}
