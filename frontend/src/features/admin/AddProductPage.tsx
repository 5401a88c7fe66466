import { useMutation } from '@apollo/client/react';
import { NEW_PRODUCT_ENGRAVING, toMinorUnits } from '@keen/rules';
import { Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { amountText, useShop } from '../../lib/money';
import { addProductToLists } from '../../lib/listCache';
import { CreateProductMutation } from './operations';
import ProductForm, { type ProductFields } from './ProductForm';
import { addProductSchema } from './productSchema';

/** /dashboard/addProduct: a new product with an uploaded photo. */
export default function AddProductPage() {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { currency } = useShop();
  const [createProduct] = useMutation(CreateProductMutation, {
    // The new product joins the cached lists (the store's and the grid's) without a refetch.
    update: (cache, { data }) => data && addProductToLists(cache, data.createProduct),
  });

  async function save(fields: ProductFields) {
    try {
      const { data } = await createProduct({ variables: { input: fields } });
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
          name: '',
          description: '',
          price: '',
          quantity: '',
          minimumQuantity: '',
          photo: null,
          ...NEW_PRODUCT_ENGRAVING,
          engravingPrice: amountText(toMinorUnits(NEW_PRODUCT_ENGRAVING.engravingPrice, currency), currency),
          taxCategory: 'standard',
          // A knife shop's products are blades: on unless the admin says otherwise (the server's default is off).
          ageRestricted: true,
          minimumAge: '',
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
