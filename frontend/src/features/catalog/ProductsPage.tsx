import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Chip, Container, FormControlLabel, InputAdornment, Stack, Switch, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import PageHeading from '../../components/PageHeading';
import { filtersFromUrl, sorts, urlOfFilters, type ProductFilters, type ProductSort } from './productFilters';
import ProductResults from './ProductResults';
import { CollectionChoicesQuery } from './operations';

const TYPING_PAUSE_MS = 300;

/** All products, searched, sorted and filtered by the server; the state lives in the URL. */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromUrl(params);
  const [text, setText] = useState(filters.q);

  // The URL can change under the field (Back, the navbar search, "Clear filters"): follow it,
  // but keep a trailing space the shopper is still typing.
  const [followedQ, setFollowedQ] = useState(filters.q);
  if (followedQ !== filters.q) {
    setFollowedQ(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }

  // The URL as of now, for a typing pause that ends after a sort or the switch changed it.
  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);

  /** Changes some URL parameters (empty removes one), keeping the others; defaults are left out of the URL. */
  const update = useCallback(
    (changes: Partial<Record<keyof ProductFilters, string>>, options?: { replace: boolean }) => {
      const next = new URLSearchParams(latestParams.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      setParams(urlOfFilters(filtersFromUrl(next)), options);
    },
    [setParams],
  );

  // Typing asks the server once the shopper pauses; it replaces the history entry, so Back leaves
  // the page instead of stepping through every keystroke. A sort or the switch takes the text at once.
  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => update({ q: text.trim() }, { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, update]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== filters.q) update({ q: text.trim() }, { replace: true });
  };
  const sortChoices = (Object.keys(sorts) as ProductSort[]).filter((sort) => sort !== 'relevance' || filters.q);
  const collections = useQuery(CollectionChoicesQuery).data?.collections ?? [];

  return (
    <Container sx={{ pb: 4 }}>
      <PageHeading>Products</PageHeading>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
        <Box component="form" role="search" aria-label="Products" onSubmit={submit} sx={{ flexGrow: 1 }}>
          <TextField
            id="product-search"
            label="Search products"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            fullWidth
            slotProps={{
              htmlInput: { maxLength: 100, enterKeyHint: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <TextField
          id="product-sort"
          select
          label="Sort by"
          value={filters.sort}
          onChange={(event) => update({ q: text.trim(), sort: event.target.value })}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 200 }}
        >
          {sortChoices.map((sort) => (
            <option key={sort} value={sort}>
              {sorts[sort].label}
            </option>
          ))}
        </TextField>
        {(collections.length > 0 || filters.collection) && (
          <TextField
            id="product-collection"
            select
            label="Collection"
            value={filters.collection}
            onChange={(event) => update({ q: text.trim(), collection: event.target.value })}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 180 }}
          >
            <option value="">All collections</option>
            {collections.map((collection) => (
              <option key={collection.id} value={collection.slug}>
                {collection.name}
              </option>
            ))}
          </TextField>
        )}
        <FormControlLabel
          control={
            <Switch checked={filters.inStock} onChange={(event) => update({ q: text.trim(), inStock: event.target.checked ? '1' : '' })} />
          }
          label="In stock only"
          sx={{ whiteSpace: 'nowrap' }}
        />
      </Stack>
      {collections.length > 0 && (
        <Box component="nav" aria-label="Collections" sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {collections.map((collection) => (
            <Chip
              key={collection.id}
              component={RouterLink}
              to={`/collections/${collection.slug}`}
              label={collection.name}
              clickable
              variant="outlined"
            />
          ))}
        </Box>
      )}
      <ProductResults key={urlOfFilters(filters).toString()} filters={filters} onClear={() => setParams(new URLSearchParams())} />
    </Container>
  );
}
