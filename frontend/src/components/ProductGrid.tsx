import { Box } from '@mui/material';
import ResponsiveGrid from './ResponsiveGrid';
import { useQuery } from '@apollo/client/react';
import QueryState from './QueryState';
import { ProductsQuery } from '../operations/products';
import ProductCard, { type ProductItem } from './ProductCard';

/** The cards a wide screen shows before any scrolling: their photos load at once (the first's first), the others' when scrolled near. */
const FIRST_ROW = 3;

export function ProductCards({ items }: { items: ProductItem[] }) {
  return (
    <ResponsiveGrid>
      {items.map((product, index) => (
        <Box key={product.id}>
          <ProductCard product={product} load={index === 0 ? 'first' : index < FIRST_ROW ? 'eager' : 'lazy'} />
        </Box>
      ))}
    </ResponsiveGrid>
  );
}

/** The first `take` products, oldest first (as the old shop listed them). */
export default function ProductGrid({ take }: { take: number }) {
  const query = useQuery(ProductsQuery, { variables: { options: { skip: 0, take } } });
  const items = query.data?.products.items ?? [];
  return (
    <QueryState query={query} empty={items.length === 0 && 'No products yet.'}>
      <ProductCards items={items} />
    </QueryState>
  );
}
