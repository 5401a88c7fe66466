import type { ProductListOptions } from '../../gql/graphql';

/** Products per "Load more" page: 24 fills whole rows of 1, 2, 3 or 4 cards. */
export const PAGE_SIZE = 24;

/** The storefront's sorts, spelled as in its URLs and in REST `GET /api/products?sort=`. */
export const sorts = {
  relevance: { label: 'Best match', options: { sortBy: 'relevance' } },
  newest: { label: 'Newest', options: { sortBy: 'createdAt', sortDirection: 'DESC' } },
  price_asc: { label: 'Price: low to high', options: { sortBy: 'price', sortDirection: 'ASC' } },
  price_desc: { label: 'Price: high to low', options: { sortBy: 'price', sortDirection: 'DESC' } },
  name: { label: 'Name A-Z', options: { sortBy: 'name', sortDirection: 'ASC' } },
} as const satisfies Record<string, { label: string; options: ProductListOptions }>;

export type ProductSort = keyof typeof sorts;

export interface ProductFilters {
  q: string;
  sort: ProductSort;
  inStock: boolean;
  /** A collection's slug; "" for every product. */
  collection: string;
}

const isSort = (value: string | null): value is ProductSort => value !== null && Object.hasOwn(sorts, value);

/** The products page's state, from `/products?q=bowie&sort=price_asc&inStock=1&collection=kitchen`; unknown values fall back to the defaults. */
export function filtersFromUrl(params: URLSearchParams): ProductFilters {
  const q = (params.get('q') ?? '').trim();
  const sort = params.get('sort');
  const fallback: ProductSort = q ? 'relevance' : 'newest';
  return {
    q,
    sort: isSort(sort) && (sort !== 'relevance' || q) ? sort : fallback,
    inStock: params.get('inStock') === '1',
    collection: (params.get('collection') ?? '').trim().toLowerCase(),
  };
}

/** The URL for some filters, leaving out what is a default (so plain /products stays plain). */
export function urlOfFilters({ q, sort, inStock, collection }: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  const trimmed = q.trim();
  if (trimmed) params.set('q', trimmed);
  if (sort !== (trimmed ? 'relevance' : 'newest')) params.set('sort', sort);
  if (inStock) params.set('inStock', '1');
  if (collection) params.set('collection', collection);
  return params;
}

/** The GraphQL list options for one page of these filters. */
export function listOptions({ q, sort, inStock, collection }: ProductFilters, page: number): ProductListOptions {
  return {
    skip: page * PAGE_SIZE,
    take: PAGE_SIZE,
    ...(q ? { search: q } : {}),
    ...sorts[sort].options,
    ...(inStock ? { inStock: true } : {}),
    ...(collection ? { collection } : {}),
  };
}
