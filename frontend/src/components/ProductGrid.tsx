import { Box, Typography } from '@mui/material';
import ResponsiveGrid from './ResponsiveGrid';
import { useQuery } from '@apollo/client/react';
import Spinner from './Spinner';
import { errorMessage } from '../lib/errors';
import { ProductsQuery } from '../graphql/products';
import ProductCard, { type ProductItem } from './ProductCard';

export function ProductCards({ items }: { items: ProductItem[] }) {
  return (
    <ResponsiveGrid>
      {items.map((product) => (
        <Box key={product.id}>
          <ProductCard product={product} />
        </Box>
      ))}
    </ResponsiveGrid>
  );
}

/** The first `take` products, oldest first (as the old shop listed them). */
export default function ProductGrid({ take }: { take: number }) {
  const { data, loading, error } = useQuery(ProductsQuery, { variables: { options: { skip: 0, take } } });
  if (loading && !data) return <Spinner />;
  if (error && !data)
    return (
      <Typography color="error" role="alert">
        {errorMessage(error)}
      </Typography>
    );
  const items = data?.products.items ?? [];
  if (items.length === 0) return <Typography sx={{ textAlign: 'center' }}>No products yet.</Typography>;
  return <ProductCards items={items} />;
}
