import { useEffect, useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@apollo/client/react';
import { useLocation, useNavigate } from 'react-router-dom';
import Spinner from '../../components/Spinner';
import { errorMessage } from '../../lib/errors';
import { ProductsQuery } from '../../operations/products';
import { ProductCards } from '../../components/ProductGrid';
import { listOptions, PAGE_SIZE, type ProductFilters } from './productFilters';

/**
 * One page of results. Every page is its own query on the same cached list (keyed by the filters,
 * merged by offset: lib/apollo.ts), so "Load more" fetches only the next page and a page seen
 * before comes from the cache without a request.
 */
function ResultPage({ filters, page, focusFirst }: { filters: ProductFilters; page: number; focusFirst: boolean }) {
  const { data, loading, error } = useQuery(ProductsQuery, { variables: { options: listOptions(filters, page) } });
  const cards = useRef<HTMLDivElement>(null);
  // After "Load more", keyboard users continue at the first new product (the button may be gone).
  useEffect(() => {
    if (focusFirst && data) cards.current?.querySelector('a')?.focus();
  }, [focusFirst, data]);
  if (loading && !data) return <Spinner label="Loading more products" />;
  if (error && !data)
    return (
      <Typography color="error" role="alert">
        {errorMessage(error)}
      </Typography>
    );
  return (
    <div ref={cards}>
      <ProductCards items={data?.products.items ?? []} />
    </div>
  );
}

/** The results of one set of filters; how many pages are shown is kept in the history entry, so Back restores them. */
export default function ProductResults({ filters, onClear }: { filters: ProductFilters; onClear: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const pages = Math.max(1, Number((location.state as { pages?: number } | null)?.pages) || 1);
  const { data, loading, error } = useQuery(ProductsQuery, { variables: { options: listOptions(filters, 0) } });
  const [loadedByButton, setLoadedByButton] = useState<number | null>(null);

  if (loading && !data) return <Spinner label="Loading products" />;
  if (error && !data)
    return (
      <Typography color="error" role="alert">
        {errorMessage(error)}
      </Typography>
    );
  const { items, totalItems } = data!.products;
  const shown = Math.min(totalItems, pages * PAGE_SIZE);
  const filtered = filters.q !== '' || filters.inStock || filters.collection !== '';

  if (totalItems === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 4 }}>
        <Typography role="status" sx={{ mb: 2 }}>
          {filtered ? 'No products match' : 'No products yet.'}
        </Typography>
        {filtered && (
          <Button variant="outlined" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </Box>
    );
  }

  const loadMore = () => {
    setLoadedByButton(pages);
    navigate({ search: location.search }, { replace: true, state: { pages: pages + 1 } });
  };

  return (
    <Stack spacing={3}>
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
        {shown === totalItems ? `${totalItems} ${totalItems === 1 ? 'product' : 'products'}` : `Showing ${shown} of ${totalItems} products`}
      </Typography>
      <ProductCards items={items} />
      {Array.from({ length: pages - 1 }, (_, index) => (
        <ResultPage key={index + 1} filters={filters} page={index + 1} focusFirst={index + 1 === loadedByButton} />
      ))}
      {shown < totalItems && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="outlined" onClick={loadMore}>
            Load more
          </Button>
        </Box>
      )}
    </Stack>
  );
}
