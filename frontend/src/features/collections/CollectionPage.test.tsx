import { expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { dollars, leadTimeFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import CollectionPage from './CollectionPage';
import { CollectionPageQuery } from './operations';

const card = (id: string, name: string) => ({
  __typename: 'Product',
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  img: `/images/${id}.svg`,
  description: 'Engraved',
  priceFrom: dollars(100),
  quantity: 5,
  minimumQuantity: 1,
  ...leadTimeFixture(),
  variants: [{ __typename: 'ProductVariant', id: `${id}-v`, unitPrice: dollars(100), enabled: true }],
});
const answer = (slug: string, collection: object | null, errors?: GraphQLError[]) => ({
  request: { query: CollectionPageQuery, variables: { slug } },
  result: errors ? { errors } : { data: { collection } },
});

test('shows its name, description and knives in shelf order, and a link to the filtered catalogue', async () => {
  const kitchen = {
    __typename: 'Collection',
    id: 'c1',
    name: 'Kitchen',
    slug: 'kitchen',
    description: 'Knives for the kitchen',
    products: [card('p2', 'Santoku'), card('p1', 'Chef Knife')],
  };
  renderPage(<CollectionPage />, { path: '/collections/:slug', route: '/collections/kitchen', mocks: [answer('kitchen', kitchen)] });
  expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen' })).toBeInTheDocument();
  expect(screen.getByText('Knives for the kitchen')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Santoku', 'Chef Knife']);
  expect(screen.getByRole('link', { name: 'Search and sort the Kitchen collection' })).toHaveAttribute(
    'href',
    '/products?collection=kitchen',
  );
});

test('an empty collection says so', async () => {
  const empty = { __typename: 'Collection', id: 'c3', name: 'Gifts', slug: 'gifts', description: '', products: [] };
  renderPage(<CollectionPage />, { path: '/collections/:slug', route: '/collections/gifts', mocks: [answer('gifts', empty)] });
  expect(await screen.findByText('No knives in this collection yet.')).toBeInTheDocument();
});

test('an unknown collection shows the not-found page', async () => {
  renderPage(<CollectionPage />, {
    path: '/collections/:slug',
    route: '/collections/nope',
    mocks: [answer('nope', null, [new GraphQLError('Collection not found', { extensions: { code: 'NOT_FOUND' } })])],
  });
  expect(await screen.findByText('Page not found')).toBeInTheDocument();
});
