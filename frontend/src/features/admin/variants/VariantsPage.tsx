import { useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Spinner from '../../../components/Spinner';
import { errorMessage } from '../../../lib/errors';
import OptionGroupsEditor from './OptionGroupsEditor';
import { ProductVariantsQuery } from './operations';
import type { OptionGroup } from './optionsDraft';
import VariantsGrid from './VariantsGrid';

/** Changes when the stored options do: the editor starts again from them after a save. */
const signatureOf = (groups: readonly OptionGroup[]) => JSON.stringify(groups);

/** /dashboard/manageProducts/{id}/variants (admin only): a product's option groups and the variants they make. */
export default function VariantsPage() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(ProductVariantsQuery, { variables: { id } });
  const product = data?.product;

  if (loading && !product) return <Spinner />;
  if (!product) {
    return (
      <Box sx={{ p: { xs: 0, md: 1 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          Options and variants
        </Typography>
        <Alert severity="error">{error ? errorMessage(error) : 'Product not found'}</Alert>
      </Box>
    );
  }

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Options and variants of {product.name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <Button size="small" component={RouterLink} to="/dashboard/manageProducts">
          Back to Manage Products
        </Button>
        <Button size="small" component={RouterLink} to={`/updateProduct/${product.id}`}>
          Update Product
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <Stack spacing={4}>
        <OptionGroupsEditor
          key={signatureOf(product.optionGroups)}
          productId={product.id}
          optionGroups={product.optionGroups}
          variants={product.variants}
          currency={product.priceFrom.currency}
        />
        <VariantsGrid product={product} groupCount={product.optionGroups.length} variants={product.variants} />
      </Stack>
    </Box>
  );
}
