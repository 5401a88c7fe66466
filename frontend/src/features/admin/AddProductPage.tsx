import { useMutation } from '@apollo/client/react';
import { DEFAULT_ENGRAVING_PLACEMENTS, NEW_PRODUCT_ENGRAVING, toMinorUnits } from '@keen/rules';
import { Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { amountText, useShop } from '../../lib/money';
import { addProductToLists } from '../../lib/listCache';
import { AddProductImageMutation } from './gallery/operations';
import type { ProductFromMessage } from './messages/labels';
import { CreateProductMutation } from './operations';
import ProductForm, { type ProductFields } from './ProductForm';
import { addProductSchema } from './productSchema';

/**
 * /dashboard/addProduct: a new product with an uploaded photo. From a commission request (the
 * Messages page's "Make a custom product", router state `fromMessage`) it starts with the
 * message's name, text and first photo; its other photos join the new product's gallery.
 */
export default function AddProductPage() {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const fromMessage = (useLocation().state as { fromMessage?: ProductFromMessage } | null)?.fromMessage;
  const [addImage] = useMutation(AddProductImageMutation);
  const { currency } = useShop();
  const [createProduct] = useMutation(CreateProductMutation, {
    // The new product joins the cached lists (the store's and the grid's) without a refetch.
    update: (cache, { data }) => data && addProductToLists(cache, data.createProduct),
  });

  async function save(fields: ProductFields) {
    try {
      const { data } = await createProduct({ variables: { input: fields } });
      const productId = data?.createProduct.id;
      for (const [index, url] of (fromMessage?.photos ?? []).slice(1).entries()) {
        if (productId) await addImage({ variables: { productId, input: { url, alt: `Reference photo ${index + 2}` } } });
      }
      enqueueSnackbar(`${data?.createProduct.name ?? fields.name} have been added`, { variant: 'success' });
      navigate('/dashboard/manageProducts');
    } catch (failure) {
      // The server answers 'Product already exist' for a taken name.
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Add Product
      </Typography>
      <ProductForm
        initialValues={{
          kind: 'KNIFE',
          name: fromMessage?.name ?? '',
          description: fromMessage?.description ?? '',
          price: '',
          quantity: '',
          minimumQuantity: '',
          photo: fromMessage?.photos[0] ?? null,
          ...NEW_PRODUCT_ENGRAVING,
          engravingPrice: amountText(toMinorUnits(NEW_PRODUCT_ENGRAVING.engravingPrice, currency), currency),
          // An engraving cannot be undone: a new engravable product waits for the customer's proof approval unless turned off.
          proofRequired: true,
          engravingPlacements: [...DEFAULT_ENGRAVING_PLACEMENTS],
          taxCategory: 'standard',
          // A knife shop's products are blades: on unless the admin says otherwise (the server's default is off).
          ageRestricted: true,
          minimumAge: '',
          madeToOrderMinDays: '',
          madeToOrderMaxDays: '',
          madeToOrderCap: '',
          weightGrams: '',
          giftCardMinAmount: '',
          giftCardMaxAmount: '',
        }}
        schema={addProductSchema}
        currency={currency}
        submitLabel="Add Product"
        nameEditable
        onSave={save}
      />
    </>
  );
}
