import { expect, test } from 'vitest';
import { dollars, leadTimeFixture } from '../../test/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { of } from 'rxjs';
import { Link, Route, useLocation, useNavigate } from 'react-router-dom';
import type { ProductListOptions } from '../../gql/graphql';
import { createCache } from '../../lib/apollo';
import { renderPage } from '../../test/render';
import ProductsPage from './ProductsPage';

interface Row {
  id: string;
  name: string;
  price: number;
  quantity: number;
  minimumQuantity: number;
  /** The slugs of the collections it is on. */
  collections?: string[];
}

const shelves = [
  { __typename: 'Collection', id: 'c1', name: 'Kitchen', slug: 'kitchen' },
  { __typename: 'Collection', id: 'c2', name: 'Outdoor', slug: 'outdoor' },
];

/** A stand-in for the server's product list (search, sort, in-stock, collection, paging) that records every request. */
function shop(rows: Row[]) {
  const requests: ProductListOptions[] = [];
  const link = new ApolloLink((operation) => {
    if (operation.operationName === 'CollectionChoices') return of({ data: { collections: shelves } });
    const options = (operation.variables.options ?? {}) as ProductListOptions;
    requests.push(options);
    const words = (options.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    let matches = rows.filter((row) => words.every((word) => row.name.toLowerCase().includes(word)));
    if (options.inStock) matches = matches.filter((row) => row.quantity >= row.minimumQuantity);
    if (options.collection) matches = matches.filter((row) => row.collections?.includes(options.collection!));
    if (options.sortBy === 'price')
      matches = [...matches].sort((a, b) => (options.sortDirection === 'DESC' ? b.price - a.price : a.price - b.price));
    if (options.sortBy === 'name') matches = [...matches].sort((a, b) => a.name.localeCompare(b.name));
    const skip = options.skip ?? 0;
    const take = options.take ?? 20;
    const items = matches.slice(skip, skip + take).map(({ collections: _shelves, ...row }) => ({
      __typename: 'Product',
      slug: row.name.toLowerCase().replace(/\s+/g, '-'),
      kind: 'KNIFE',
      img: `/images/${row.id}.svg`,
      description: 'Engraved',
      ...leadTimeFixture(),
      priceFrom: dollars(row.price),
      variants: [{ __typename: 'ProductVariant', id: `${row.id}-v`, unitPrice: dollars(row.price), enabled: true }],
      ...row,
    }));
    return of({ data: { products: { __typename: 'ProductList', totalItems: matches.length, items } } });
  });
  return { requests, client: new ApolloClient({ link, cache: createCache() }) };
}

const knife = (n: number, name = `Knife ${n}`, overrides: Partial<Row> = {}): Row => ({
  id: `p${n}`,
  name,
  price: 10 * n,
  quantity: 5,
  minimumQuantity: 1,
  ...overrides,
});
const catalogue = [
  knife(1, 'Engraved Bowie', { collections: ['outdoor'] }),
  knife(2, 'Damascus Chef', { collections: ['kitchen'] }),
  knife(3, 'Bowie Hunter', { quantity: 0, collections: ['outdoor'] }),
  knife(4, 'Bread Knife', { collections: ['kitchen'] }),
];

function UrlProbe() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

function renderProducts(route: string, client: ApolloClient) {
  return renderPage(
    <>
      <ProductsPage />
      <UrlProbe />
    </>,
    { path: '/products', route, client },
  );
}

const url = () => screen.getByTestId('url').textContent;
const productNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const searches = (requests: ProductListOptions[]) => requests.map((options) => options.search ?? '');

test('the URL sets the search, the sort and the in-stock switch, and the server is asked for exactly that', async () => {
  const { client, requests } = shop(catalogue);
  renderProducts('/products?q=bowie&sort=price_desc&inStock=1', client);

  expect(screen.getByLabelText('Search products')).toHaveValue('bowie');
  expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');
  expect(screen.getByLabelText('In stock only')).toBeChecked();
  await waitFor(() => expect(productNames()).toEqual(['Engraved Bowie']));
  expect(requests).toEqual([{ skip: 0, take: 24, search: 'bowie', sortBy: 'price', sortDirection: 'DESC', inStock: true }]);
});

test('plain /products lists the newest first, offers the four sorts, and stays a plain URL', async () => {
  const { client, requests } = shop(catalogue);
  renderProducts('/products', client);
  await waitFor(() => expect(productNames()).toHaveLength(4));
  expect(requests).toEqual([{ skip: 0, take: 24, sortBy: 'createdAt', sortDirection: 'DESC' }]);
  const choices = within(screen.getByLabelText('Sort by'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(choices).toEqual(['Newest', 'Price: low to high', 'Price: high to low', 'Name A-Z']);
  expect(url()).toBe('/products');
});

test('typing asks once the shopper pauses, ranks by best match, and writes q to the URL', async () => {
  const { client, requests } = shop(catalogue);
  renderProducts('/products', client);
  await waitFor(() => expect(requests).toHaveLength(1));

  await userEvent.type(screen.getByLabelText('Search products'), 'bowie');
  await waitFor(() => expect(url()).toBe('/products?q=bowie'));
  await waitFor(() => expect(productNames()).toEqual(['Engraved Bowie', 'Bowie Hunter']));
  expect(searches(requests)).toEqual(['', 'bowie']);
  expect(requests[1]).toMatchObject({ search: 'bowie', sortBy: 'relevance' });
  expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
  expect(within(screen.getByLabelText('Sort by')).getByRole('option', { name: 'Best match' })).toBeInTheDocument();
});

test('the sort and the switch change the URL', async () => {
  const { client } = shop(catalogue);
  renderProducts('/products?q=bowie', client);
  await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
  await waitFor(() => expect(url()).toBe('/products?q=bowie&sort=price_asc'));
  await userEvent.click(screen.getByLabelText('In stock only'));
  await waitFor(() => expect(url()).toBe('/products?q=bowie&sort=price_asc&inStock=1'));
  await waitFor(() => expect(productNames()).toEqual(['Engraved Bowie']));
});

test('a sort chosen during a typing pause takes the text at once, and the pause ending later keeps the sort', async () => {
  const { client } = shop(catalogue);
  renderProducts('/products', client);
  await userEvent.type(screen.getByLabelText('Search products'), 'bowie');
  await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
  expect(url()).toBe('/products?q=bowie&sort=price_desc');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(url()).toBe('/products?q=bowie&sort=price_desc');
  await waitFor(() => expect(productNames()).toEqual(['Bowie Hunter', 'Engraved Bowie']));
});

test('a result set seen before comes from the cache, without a request', async () => {
  const { client, requests } = shop(catalogue);
  renderProducts('/products?q=bowie', client);
  await waitFor(() => expect(productNames()).toEqual(['Engraved Bowie', 'Bowie Hunter']));

  // Each search replaces the field's text in one go, as a paste does.
  const field = screen.getByLabelText('Search products');
  await userEvent.tripleClick(field);
  await userEvent.paste('chef');
  await waitFor(() => expect(productNames()).toEqual(['Damascus Chef']));
  await userEvent.tripleClick(field);
  await userEvent.paste('bowie');
  await waitFor(() => expect(url()).toBe('/products?q=bowie'));
  await waitFor(() => expect(productNames()).toEqual(['Engraved Bowie', 'Bowie Hunter']));
  expect(searches(requests)).toEqual(['bowie', 'chef']);
});

test('more than 24 results: Load more asks only for the next page and appends it', async () => {
  const { client, requests } = shop(Array.from({ length: 30 }, (_, i) => knife(i + 1)));
  renderProducts('/products?sort=price_asc', client);
  await waitFor(() => expect(productNames()).toHaveLength(24));
  expect(screen.getByText('Showing 24 of 30 products')).toHaveAttribute('role', 'status');

  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(productNames()).toHaveLength(30));
  expect(productNames()).toEqual(Array.from({ length: 30 }, (_, i) => `Knife ${i + 1}`));
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  // Keyboard users continue at the first new product: its name, the link to its page.
  await waitFor(() => expect(screen.getByRole('link', { name: 'Knife 25' })).toHaveFocus());
  expect(requests.map(({ skip, take }) => [skip, take])).toEqual([
    [0, 24],
    [24, 24],
  ]);
});

function BackButton() {
  const navigate = useNavigate();
  return <button onClick={() => navigate(-1)}>Back</button>;
}

test('Back to the products page shows every page loaded before, from the cache, without a request', async () => {
  const { client, requests } = shop(Array.from({ length: 30 }, (_, i) => knife(i + 1)));
  renderPage(
    <>
      <ProductsPage />
      <Link to="/reviews">Reviews</Link>
    </>,
    { path: '/products', route: '/products?sort=price_asc', client, extraRoutes: <Route path="/reviews" element={<BackButton />} /> },
  );
  await waitFor(() => expect(productNames()).toHaveLength(24));
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(productNames()).toHaveLength(30));

  await userEvent.click(screen.getByRole('link', { name: 'Reviews' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
  await waitFor(() => expect(productNames()).toHaveLength(30));
  expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
  expect(requests).toHaveLength(2);
});

test("no match: 'No products match' and a button that clears the filters", async () => {
  const { client } = shop(catalogue);
  renderProducts('/products?q=zweihander&inStock=1', client);
  expect(await screen.findByText('No products match')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(url()).toBe('/products'));
  expect(screen.getByLabelText('Search products')).toHaveValue('');
  expect(screen.getByLabelText('In stock only')).not.toBeChecked();
  await waitFor(() => expect(productNames()).toHaveLength(4));
});

test('unknown sort values in the URL fall back to the default', async () => {
  const { client, requests } = shop(catalogue);
  renderProducts('/products?sort=cheapest&inStock=yes', client);
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]).toEqual({ skip: 0, take: 24, sortBy: 'createdAt', sortDirection: 'DESC' });
  expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
});

test('the collection filter lists the collections, keeps its choice in the URL with the search, and asks the server for it', async () => {
  const { client, requests } = shop(catalogue);
  renderProducts('/products?q=knife', client);
  const collection = await screen.findByLabelText('Collection');
  expect(
    within(collection)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['All collections', 'Kitchen', 'Outdoor']);
  await userEvent.selectOptions(collection, 'kitchen');
  await waitFor(() => expect(url()).toBe('/products?q=knife&collection=kitchen'));
  await waitFor(() => expect(productNames()).toEqual(['Bread Knife']));
  expect(requests.at(-1)).toMatchObject({ search: 'knife', collection: 'kitchen' });
  await userEvent.selectOptions(collection, '');
  await waitFor(() => expect(url()).toBe('/products?q=knife'));
  // Each collection's own page is a link away.
  const nav = screen.getByRole('navigation', { name: 'Collections' });
  expect(within(nav).getByRole('link', { name: 'Outdoor' })).toHaveAttribute('href', '/collections/outdoor');
});
