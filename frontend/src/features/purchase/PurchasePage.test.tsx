import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import {
  addressFixture,
  cacheWithEmptyList,
  dollars,
  engravingFixture,
  inputWithAnyKey,
  orderFixture,
  shippingAddressOf,
  withDelivery,
} from '../../test/fixtures';
import { chefKnifeFixture as product, customerFixture as me } from '../../test/orderingFixtures';
import { renderPage } from '../../test/render';
import { MyOrdersQuery } from '../../operations/orders';
import { PlaceOrderMutation, PurchasePageQuery } from './operations';
import PurchasePage from './PurchasePage';

const home = addressFixture('1', { isDefault: true });
const engravingFonts = [
  { __typename: 'EngravingFont', id: 'serif', name: 'Serif (Playfair Display)' },
  { __typename: 'EngravingFont', id: 'script', name: 'Script (Great Vibes)' },
];
/** The page for a customer with these saved addresses (the default one unless told) in a shop without shipping zones. */
const pageMock = (addresses: unknown[] = [home]) => ({
  request: { query: PurchasePageQuery, variables: { id: 'p1' } },
  result: { data: { ...withDelivery(me, addresses), product, engravingFonts } },
});
const orderInput = {
  lines: [{ productId: 'p1', quantity: 3 }],
  phone: '+1 415 555 0100',
  shippingAddress: shippingAddressOf(home),
};
const placed = {
  ...orderFixture('o9', {
    name: product.name,
    description: product.description,
    img: product.img,
    price: 120,
    totalPrice: 360,
    quantity: 3,
  }),
  product: { __typename: 'Product', id: 'p1', quantity: 7 },
};
const renderPurchase = (mocks: MockLink.MockedResponse[], cache?: ReturnType<typeof cacheWithEmptyList>) =>
  renderPage(<PurchasePage />, { path: '/purchase/:id', route: '/purchase/p1', mocks, cache });

function setQuantity(value: string) {
  fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));

test('shows the customer and product read-only, phone and address editable, quantity min 1', async () => {
  // No saved address: the address's own fields, the country the shop's own.
  renderPurchase([pageMock([])]);
  expect(await screen.findByLabelText(/^Name/)).toHaveValue('Casey Blade');
  for (const label of [/^Name/, /^Email/, /^Product Name/, /^Price/, /^Stock/]) {
    expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
  }
  expect(screen.getByLabelText(/^Price/)).toHaveValue('$120.00');
  expect(screen.getByLabelText(/^Stock/)).toHaveValue('10');
  expect(screen.getByLabelText(/^Phone/)).not.toHaveAttribute('readonly');
  expect(screen.getByLabelText('Phone')).toHaveValue('5550100');
  expect(screen.getByLabelText('Address')).not.toHaveAttribute('readonly');
  expect(screen.getByLabelText('City')).not.toHaveAttribute('readonly');
  expect(await screen.findByLabelText('ZIP code')).not.toHaveAttribute('readonly');
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  expect(screen.getByLabelText(/^Quantity/)).toHaveAttribute('min', '1');
});

test('the three quantity messages: empty, above stock, below the minimum', async () => {
  renderPurchase([pageMock()]);
  await screen.findByLabelText(/^Quantity/);

  setQuantity('');
  submit();
  await waitFor(() => expect(screen.getAllByText('Empty Quantity').length).toBeGreaterThan(0));

  setQuantity('11');
  submit();
  await waitFor(() => expect(screen.getAllByText('Product cannot be purchased for product shortage').length).toBeGreaterThan(0));

  setQuantity('1');
  submit();
  await waitFor(() => expect(screen.getAllByText('Minimum Quantity Required').length).toBeGreaterThan(0));
});

test('a refusal from the server shows its message in a toast', async () => {
  renderPurchase([
    pageMock(),
    {
      request: { query: PlaceOrderMutation, variables: inputWithAnyKey(orderInput) },
      result: {
        errors: [new GraphQLError('Product cannot be purchased for product shortage', { extensions: { code: 'BAD_USER_INPUT' } })],
      },
    },
  ]);
  await screen.findByLabelText(/^Quantity/);
  setQuantity('3');
  submit();
  expect(await screen.findByText('Product cannot be purchased for product shortage')).toBeInTheDocument();
});

test('placing an order toasts "Order Placed", adds it to the cached My Orders and updates the stock', async () => {
  const cache = cacheWithEmptyList(MyOrdersQuery, { options: { skip: 0, take: 100 } }, 'myOrders', 'OrderList');
  renderPurchase(
    [
      pageMock(),
      { request: { query: PlaceOrderMutation, variables: inputWithAnyKey(orderInput) }, result: { data: { placeOrder: placed } } },
    ],
    cache,
  );
  await screen.findByLabelText(/^Quantity/);
  setQuantity('3');
  submit();
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
  const mine = cache.readQuery({ query: MyOrdersQuery, variables: { options: { skip: 0, take: 100 } } });
  expect(mine?.myOrders.items.map((order) => order.id)).toEqual(['o9']);
  expect(mine?.myOrders.totalItems).toBe(1);
  expect(cache.extract()['Product:p1']).toMatchObject({ quantity: 7 });
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/myOrders');
});

const engravable = { ...product, engravable: true, engravingMaxLength: 12, engravingSurcharge: dollars(15) };
const engravableMock = {
  request: { query: PurchasePageQuery, variables: { id: 'p1' } },
  result: { data: { ...withDelivery(me, [home]), product: engravable, engravingFonts } },
};
const typeEngraving = (value: string) => fireEvent.change(screen.getByLabelText(/^Engraving text/), { target: { value } });
const preview = () => screen.getByRole('img', { name: 'Engraving preview' });

test('a product that cannot be engraved shows no engraving fields', async () => {
  renderPurchase([pageMock()]);
  await screen.findByLabelText(/^Quantity/);
  expect(screen.queryByLabelText(/^Engraving text/)).not.toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'Engraving preview' })).not.toBeInTheDocument();
});

test('the preview follows every keystroke and the font, and the total adds the surcharge', async () => {
  renderPurchase([engravableMock]);
  await screen.findByLabelText(/^Engraving text/);
  expect(screen.getByText('Total: $240.00')).toBeInTheDocument();
  for (const typed of ['F', 'Fo', 'For', 'For S', 'For Sam']) {
    typeEngraving(typed);
    await waitFor(() => expect(preview()).toHaveTextContent(typed));
  }
  expect(screen.getByText('7/12 characters')).toBeInTheDocument();
  expect(preview().querySelector('text')).toHaveAttribute('data-font', 'serif');
  fireEvent.change(screen.getByLabelText(/^Font/), { target: { value: 'script' } });
  await waitFor(() => expect(preview().querySelector('text')).toHaveAttribute('data-font', 'script'));
  expect(preview().querySelector('text')?.getAttribute('font-family')).toContain('Great Vibes');
  expect(screen.getByText('Total: $270.00')).toBeInTheDocument();
  setQuantity('3');
  expect(await screen.findByText('Total: $405.00')).toBeInTheDocument();
});

test("the form shows the server's engraving messages and sends nothing while one stands", async () => {
  renderPurchase([engravableMock]);
  await screen.findByLabelText(/^Engraving text/);
  typeEngraving('Sam <3');
  expect(await screen.findByText("Engraving may use letters, digits, spaces and . , ' & - !")).toBeInTheDocument();
  typeEngraving(' Sam');
  expect(await screen.findByText('Engraving may not start or end with a space')).toBeInTheDocument();
  typeEngraving('Thirteen char');
  expect(await screen.findByText('Engraving is too long (at most 12 characters)')).toBeInTheDocument();
  submit();
  // No mock answers placeOrder: a request would fail with an error toast instead of staying put.
  await waitFor(() => expect(screen.getByText('Engraving is too long (at most 12 characters)')).toBeInTheDocument());
  expect(screen.queryByText('Order Placed')).not.toBeInTheDocument();
  typeEngraving('Léa & Sam!');
  await waitFor(() => expect(screen.queryByText(/^Engraving (may|is)/)).not.toBeInTheDocument());
});

test('an engraved order sends the text and font', async () => {
  renderPurchase([
    engravableMock,
    {
      request: {
        query: PlaceOrderMutation,
        variables: inputWithAnyKey({
          ...orderInput,
          lines: [{ productId: 'p1', quantity: 2, engraving: { text: 'For Sam', font: 'script', placement: 'BladeLeft' } }],
        }),
      },
      result: { data: { placeOrder: { ...placed, quantity: 2, totalPrice: 270, engraving: engravingFixture('For Sam', 'script') } } },
    },
  ]);
  await screen.findByLabelText(/^Engraving text/);
  typeEngraving('For Sam');
  fireEvent.change(screen.getByLabelText(/^Font/), { target: { value: 'script' } });
  // One placement is no choice: it is named, and drawn.
  expect(screen.getByText('Engraved on the Blade, left face')).toBeInTheDocument();
  expect(screen.queryByRole('radiogroup', { name: 'Where it goes' })).not.toBeInTheDocument();
  expect(preview()).toHaveAttribute('data-placement', 'BladeLeft');
  submit();
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
});

test('a product with several placements asks where the engraving goes, draws it there and sends it', async () => {
  const placeable = { ...engravable, engravingPlacements: ['BladeLeft', 'Spine', 'Handle'] };
  renderPurchase([
    { ...engravableMock, result: { data: { ...engravableMock.result.data, product: placeable } } },
    {
      request: {
        query: PlaceOrderMutation,
        variables: inputWithAnyKey({
          ...orderInput,
          lines: [{ productId: 'p1', quantity: 2, engraving: { text: 'For Sam', font: 'serif', placement: 'Spine' } }],
        }),
      },
      result: {
        data: {
          placeOrder: { ...placed, quantity: 2, totalPrice: 270, engraving: engravingFixture('For Sam', 'serif', 15, 'Spine') },
        },
      },
    },
  ]);
  await screen.findByLabelText(/^Engraving text/);
  const group = screen.getByRole('radiogroup', { name: 'Where it goes' });
  const radios = within(group).getAllByRole('radio');
  expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['Blade, left face', 'Spine', 'Handle']);
  // None is chosen for the customer; they are one keyboard stop (native radios sharing a name).
  expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  expect(radios.every((radio) => radio.getAttribute('name') === 'engravingPlacement')).toBe(true);
  expect(group).toBeInTheDocument();
  typeEngraving('For Sam');
  submit();
  expect(await screen.findByText('Choose where the engraving goes: Blade, left face, Spine, Handle')).toBeInTheDocument();
  expect(screen.queryByText('Order Placed')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('radio', { name: 'Spine' }));
  await waitFor(() => expect(preview()).toHaveAttribute('data-placement', 'Spine'));
  expect(screen.getByTestId('engraving-placement')).toHaveTextContent('Spine');
  // The form validates again asynchronously (zod resolver), so the message leaves a moment later.
  await waitFor(() => expect(screen.queryByText(/^Choose where the engraving goes/)).not.toBeInTheDocument());
  submit();
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
});
