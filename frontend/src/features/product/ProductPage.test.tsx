import { beforeEach, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { PRODUCT_PHOTO_SIZES } from '@keen/rules';
import type { MockLink } from '@apollo/client/testing';
import { useLocation } from 'react-router-dom';
import { cart } from '../../lib/cart';
import { PageTitleContext } from '../../lib/pageTitle';
import { AddReviewMutation, ReviewsQuery } from '../../operations/reviews';
import { dollars, leadTimeFixture, oneVariantFixture, reviewFixture, variantLeadTimeFixture } from '../../test/fixtures';
import { authState, countingClient, renderPage } from '../../test/render';
import { santokuProduct } from '../../test/variantFixtures';
import { ProductPageQuery } from './operations';
import ProductPage, { prefetch } from './ProductPage';

const chef = {
  __typename: 'Product',
  id: 'p1',
  slug: 'damascus-chef-knife',
  kind: 'KNIFE',
  name: 'Damascus Chef Knife',
  img: '/images/chef.svg',
  description: 'Folded steel, hand finished',
  priceFrom: dollars(129.5),
  quantity: 10,
  minimumQuantity: 2,
  engravable: true,
  engravingMaxLength: 12,
  engravingSurcharge: dollars(15),
  engravingPlacements: ['BladeLeft'],
  proofRequired: false,
  ...leadTimeFixture(),
  ...oneVariantFixture({ id: 'p1', priceFrom: dollars(129.5), quantity: 10, img: '/images/chef.svg' }),
};
const engravingFonts = [
  { __typename: 'EngravingFont', id: 'serif', name: 'Serif (Playfair Display)' },
  { __typename: 'EngravingFont', id: 'script', name: 'Script (Great Vibes)' },
];
const unrated = { __typename: 'ProductRating', average: 0, count: 0 };
const answer = (slug: string, product: object) => ({
  request: { query: ProductPageQuery, variables: { slug } },
  result: {
    data: {
      product: {
        rating: unrated,
        images: [{ __typename: 'ProductImage', id: 'i1', url: (product as { img: string }).img, alt: '', srcset: null }],
        ...product,
      },
      engravingFonts,
    },
  },
});
const reviewsOf = (productId: string, items: object[]) => ({
  request: { query: ReviewsQuery, variables: { options: { skip: 0, take: 12, productId } } },
  result: { data: { reviews: { __typename: 'ReviewList', totalItems: items.length, items } } },
});

function renderProduct(route: string, mocks: MockLink.MockedResponse[], titles: (string | null)[] = []) {
  return renderPage(
    <PageTitleContext.Provider value={(title) => titles.push(title)}>
      <ProductPage />
    </PageTitleContext.Provider>,
    { path: '/products/:slug', route, mocks },
  );
}

beforeEach(() => act(() => cart.clear()));

test('shows the photo, name, price, stock, description and engraving, and adds to the cart; Buy Now leads to the purchase form', async () => {
  const titles: (string | null)[] = [];
  renderProduct('/products/damascus-chef-knife', [answer('damascus-chef-knife', chef)], titles);
  expect(await screen.findByRole('heading', { level: 1, name: 'Damascus Chef Knife' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Damascus Chef Knife' })).toHaveAttribute('src', '/images/chef.svg');
  expect(screen.getByText('$129.50')).toBeInTheDocument();
  expect(screen.getByText('In stock')).toBeInTheDocument();
  expect(screen.getByText('Folded steel, hand finished')).toBeInTheDocument();
  expect(screen.getByText('Minimum order: 2')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buy Now: Damascus Chef Knife' })).toHaveAttribute('href', '/purchase/p1');
  // The document is titled by the product's name once it is loaded, as the server titled the page.
  expect(titles).toEqual(['Damascus Chef Knife']);

  // The engraving fields load with an engravable product; a text too long is refused before the cart.
  const text = await screen.findByLabelText(/^Engraving text/);
  await userEvent.type(text, 'Far too long for it');
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Damascus Chef Knife' }));
  expect(cart.lines()).toEqual([]);
  await userEvent.clear(text);
  await userEvent.type(text, 'For Ada');
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Damascus Chef Knife' }));
  expect(cart.lines()).toEqual([
    expect.objectContaining({ productId: 'p1', quantity: 2, engraving: { text: 'For Ada', font: 'serif', placement: 'BladeLeft' } }),
  ]);
  expect(cart.lines()[0]).not.toHaveProperty('variantId');
  expect(cart.lines()[0].seen).toMatchObject({ unitAmount: 12950, engravingAmount: 1500, currency: 'USD' });
});

test('a product whose variants differ says "from" its lowest price, and adds the chosen variant', async () => {
  const santoku = santokuProduct({ slug: 'engraved-santoku' });
  renderProduct('/products/engraved-santoku', [answer('engraved-santoku', santoku)]);
  expect(await screen.findByText('Prices from $100.00, depending on the options')).toBeInTheDocument();
  // The first variant in stock is chosen: 18 cm / Walnut.
  expect(screen.getByText('$130.00')).toBeInTheDocument();
  expect(
    within(screen.getByRole('radiogroup', { name: 'Blade length' })).getByRole('radio', { name: '16 cm Out of stock' }),
  ).toBeDisabled();
  await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Handle' })).getByRole('radio', { name: 'Ebony' }));
  expect(screen.getByText('$150.00')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Buy Now: Engraved Santoku' })).toHaveAttribute('href', '/purchase/s1?variant=v18-ebony');
  await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Engraved Santoku, 18 cm / Ebony' }));
  expect(cart.lines()).toEqual([expect.objectContaining({ productId: 's1', variantId: 'v18-ebony', variantName: '18 cm / Ebony' })]);
});

test("the chosen variant's own lead time replaces its product's", async () => {
  const santoku = santokuProduct({ slug: 'engraved-santoku' });
  santoku.variants[3] = {
    ...santoku.variants[3],
    ...variantLeadTimeFixture({ minDays: 20, maxDays: 30, text: 'Made to order: ships in 4-6 weeks' }),
  };
  renderProduct('/products/engraved-santoku', [answer('engraved-santoku', santoku)]);
  // 18 cm / Walnut inherits the product's: in stock.
  expect(await screen.findByText('In stock: ships in 2 days')).toBeInTheDocument();
  expect(screen.getByText('Ships on 12 January if you order today')).toBeInTheDocument();
  await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Handle' })).getByRole('radio', { name: 'Ebony' }));
  expect(screen.getByText('Made to order: ships in 4-6 weeks')).toBeInTheDocument();
  expect(screen.getByText('Ships between 1 and 12 February if you order today')).toBeInTheDocument();
  expect(screen.getByText('Made to order')).toBeInTheDocument();
  expect(screen.queryByText('In stock: ships in 2 days')).not.toBeInTheDocument();
});

test('a product without its minimum order in stock says so and cannot go in the cart', async () => {
  const soldOut = { ...chef, quantity: 1, ...oneVariantFixture({ id: 'p1', priceFrom: chef.priceFrom, quantity: 1, img: chef.img }) };
  renderProduct('/products/damascus-chef-knife', [answer('damascus-chef-knife', soldOut)]);
  expect(await screen.findByText('Out of stock')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to cart: Damascus Chef Knife' })).toBeDisabled();
});

test('an unknown slug shows the not-found page', async () => {
  const titles: (string | null)[] = [];
  renderProduct(
    '/products/no-such-knife',
    [
      {
        request: { query: ProductPageQuery, variables: { slug: 'no-such-knife' } },
        result: { errors: [new GraphQLError('Product not found', { extensions: { code: 'NOT_FOUND' } })] },
      },
    ],
    titles,
  );
  expect(await screen.findByText('Page not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  expect(titles).toEqual([]);
});

test('another failure says what went wrong', async () => {
  renderProduct('/products/damascus-chef-knife', [
    {
      request: { query: ProductPageQuery, variables: { slug: 'damascus-chef-knife' } },
      error: new Error('The shop is briefly unavailable'),
    },
  ]);
  expect(await screen.findByRole('alert')).toHaveTextContent('The shop is briefly unavailable');
});

function AddressProbe() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

test('an old slug is replaced in the address by the current one, its query kept', async () => {
  renderPage(
    <>
      <ProductPage />
      <AddressProbe />
    </>,
    {
      path: '/products/:slug',
      route: '/products/old-chef?variant=x',
      mocks: [answer('old-chef', chef), answer('damascus-chef-knife', chef)],
    },
  );
  await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/products/damascus-chef-knife?variant=x'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Damascus Chef Knife' })).toBeInTheDocument();
});

test("the knife's own reviews and rating; a review added on its page joins them, and the rating follows from the answer alone", async () => {
  const rated = { ...chef, rating: { __typename: 'ProductRating', average: 5, count: 1 } };
  const marta = reviewFixture({ id: 'r1', userName: 'Marta Ruiz', name: 'Marta Ruiz', productId: 'p1' });
  const added = reviewFixture({
    id: 'r2',
    star: 3,
    description: 'Took a mirror polish',
    productId: 'p1',
    product: { __typename: 'Product', id: 'p1', rating: { __typename: 'ProductRating', average: 4, count: 2 } },
  });
  renderProduct('/products/damascus-chef-knife', [
    answer('damascus-chef-knife', rated),
    reviewsOf('p1', [marta]),
    {
      request: { query: AddReviewMutation, variables: { input: { star: 3, description: 'Took a mirror polish', productId: 'p1' } } },
      result: { data: { addReview: added } },
    },
  ]);
  const reviews = await screen.findByRole('region', { name: 'Reviews' });
  expect(within(reviews).getByText('5 out of 5 from 1 review')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '1 review' })).toHaveAttribute('href', '#reviews');
  expect(await within(reviews).findByRole('heading', { name: 'Marta Ruiz' })).toBeInTheDocument();

  await userEvent.type(within(reviews).getByLabelText(/^Give Ratings/), '3');
  await userEvent.type(within(reviews).getByLabelText(/^Description/), 'Took a mirror polish');
  await userEvent.click(within(reviews).getByRole('button', { name: 'Add Review' }));
  expect(await within(reviews).findByText('4 out of 5 from 2 reviews')).toBeInTheDocument();
  expect(
    within(reviews)
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent),
  ).toEqual(['Casey Blade', 'Marta Ruiz']);
});

test('a signed-out visitor is offered a sign-in that comes back to the reviews, not the form', async () => {
  renderPage(<ProductPage />, {
    path: '/products/:slug',
    route: '/products/damascus-chef-knife',
    mocks: [answer('damascus-chef-knife', chef), reviewsOf('p1', [])],
    auth: authState({ user: null }),
  });
  const reviews = await screen.findByRole('region', { name: 'Reviews' });
  expect(within(reviews).getByText('Be the first to review this knife.')).toBeInTheDocument();
  expect(await within(reviews).findByText('No reviews of this knife yet.')).toBeInTheDocument();
  expect(within(reviews).getByRole('link', { name: 'Sign in to review this knife' })).toHaveAttribute('href', '/login');
  expect(within(reviews).queryByRole('button', { name: 'Add Review' })).not.toBeInTheDocument();
});

test('the gallery: thumbnails pick the photo shown; the zoomed view moves with the arrow keys and closes with Escape', async () => {
  const photo = (id: string, url: string, alt: string) => ({ __typename: 'ProductImage', id, url, alt, srcset: null });
  const gallery = {
    ...chef,
    images: [
      photo('i1', '/images/chef.svg', 'The chef knife, blade up'),
      photo('i2', '/uploads/spine.webp', ''),
      photo('i3', '/images/box.svg', 'Its gift box'),
    ],
  };
  renderProduct('/products/damascus-chef-knife', [answer('damascus-chef-knife', gallery), reviewsOf('p1', [])]);
  const zoom = await screen.findByRole('button', { name: 'Zoom: The chef knife, blade up' });
  const thumbnails = screen.getByRole('group', { name: 'Photos' });
  expect(
    within(thumbnails)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label')),
  ).toEqual([
    'Show photo 1: The chef knife, blade up',
    // Without alt text, a photo is named by the product and its place.
    'Show photo 2: Damascus Chef Knife, photo 2',
    'Show photo 3: Its gift box',
  ]);
  await userEvent.click(within(thumbnails).getByRole('button', { name: /^Show photo 3/ }));
  expect(zoom).toHaveAccessibleName('Zoom: Its gift box');
  expect(within(zoom).getByRole('img')).toHaveAttribute('src', '/images/box.svg');
  expect(within(thumbnails).getByRole('button', { name: /^Show photo 3/ })).toHaveAttribute('aria-pressed', 'true');

  await userEvent.click(screen.getByRole('button', { name: 'Zoom: Its gift box' }));
  const dialog = await screen.findByRole('dialog', { name: /Damascus Chef Knife/ });
  expect(within(dialog).getByText('Photo 3 of 3')).toBeInTheDocument();
  await userEvent.keyboard('{ArrowRight}');
  expect(within(dialog).getByRole('img', { name: 'The chef knife, blade up' })).toBeInTheDocument();
  await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(within(dialog).getByRole('img', { name: 'Damascus Chef Knife, photo 2' })).toHaveAttribute('src', '/uploads/spine.webp');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test("the main photo, the page's largest paint: fetched first, never lazily, sized, at the width the screen needs", async () => {
  const base = `/uploads/${'cd'.repeat(16)}`;
  const srcset = `${base}-400w.webp 400w, ${base}-800w.webp 800w, ${base}-1600w.webp 1600w`;
  const photographed = { ...chef, images: [{ __typename: 'ProductImage', id: 'i1', url: `${base}.webp`, alt: 'The chef knife', srcset }] };
  renderProduct('/products/damascus-chef-knife', [answer('damascus-chef-knife', photographed), reviewsOf('p1', [])]);
  const zoom = await screen.findByRole('button', { name: 'Zoom: The chef knife' });
  const img = within(zoom).getByRole('img');
  expect(img).toHaveAttribute('srcset', srcset);
  // The sizes the server's preload gives (page-heads.ts): the browser downloads the photo once.
  expect(img).toHaveAttribute('sizes', PRODUCT_PHOTO_SIZES);
  expect(img).toHaveAttribute('loading', 'eager');
  expect(img).toHaveAttribute('fetchpriority', 'high');
  expect(img).toHaveAttribute('width', '560');
  expect(img).toHaveAttribute('height', '400');
});

test("prefetched for a visitor landing on it, the page's first render is the product: no spinner, no second request", async () => {
  const { client, requests } = countingClient((name) =>
    name === 'ProductPage' ? answer('damascus-chef-knife', chef).result.data : reviewsOf('p1', []).result.data,
  );
  await prefetch(client, { slug: 'damascus-chef-knife' });
  expect(requests).toEqual(['ProductPage']);

  renderPage(<ProductPage />, { path: '/products/:slug', route: '/products/damascus-chef-knife', client });
  expect(screen.getByRole('heading', { level: 1, name: 'Damascus Chef Knife' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading the product' })).not.toBeInTheDocument();
  await screen.findByText('Be the first to review this knife.');
  expect(requests.filter((name) => name === 'ProductPage')).toHaveLength(1);
});

test('a prefetch the server refuses settles all the same: the first render is not held up by it', async () => {
  const { client } = countingClient(() => new GraphQLError('The shop is closed for stocktaking'));
  await expect(prefetch(client, { slug: 'damascus-chef-knife' })).resolves.toBeUndefined();
});
