// @vitest-environment jsdom
import { expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import type { DocumentNode } from 'graphql';
import { MockedProvider } from '@apollo/client/testing/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AddProductPage from './AddProductPage';
import { SLUG_FORMAT } from '@keen/rules';
import { dollars } from '../../test/fixtures';
import { AdminProductQuery, CreateProductMutation, UpdateProductMutation } from './operations';
import UpdateProductPage from './UpdateProductPage';

// The photo "uploads" at once, so that Add Product reaches createProduct.
vi.mock('../../lib/upload', () => ({ uploadImage: async () => '/uploads/new.jpg' }));

const PRODUCT_ID = 'a1b2c3d4-0000-4000-8000-0000000000aa';

const storedProduct = {
  __typename: 'Product',
  id: PRODUCT_ID,
  name: 'Damascus Chef Knife',
  img: '/images/chef.svg',
  description: 'Sharp',
  priceFrom: dollars(120),
  quantity: 5,
  minimumQuantity: 1,
  engravable: true,
  engravingMaxLength: 24,
  engravingSurcharge: dollars(15),
  engravingPlacements: ['BladeLeft'],
  taxCategory: 'standard',
  slug: 'damascus-chef-knife',
  ageRestricted: true,
  minimumAge: null,
  kind: 'KNIFE',
  giftCardMinAmount: null,
  giftCardMaxAmount: null,
  madeToOrder: null,
  madeToOrderCap: null,
  weightGrams: 1200,
};

function renderAt(path: string, mocks: MockLink.MockedResponse[] = []) {
  render(
    <MockedProvider mocks={mocks}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/dashboard/addProduct" element={<AddProductPage />} />
            <Route path="/updateProduct/:id" element={<UpdateProductPage />} />
            <Route path="/dashboard/manageProducts" element={<p>Manage Products list</p>} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </MockedProvider>,
  );
}

/** AdminProductQuery answering with the product (the stored one unless given). */
function productQuery(product: Record<string, unknown> = storedProduct): MockLink.MockedResponse {
  return { request: { query: AdminProductQuery, variables: { id: PRODUCT_ID } }, result: { data: { product } } };
}

/** A mock of the mutation that records the input it was sent, answering with `data`. */
function recording(query: DocumentNode, sent: Record<string, unknown>[], data: Record<string, unknown>): MockLink.MockedResponse {
  return {
    request: {
      query,
      variables: (variables) => {
        sent.push(variables.input);
        return true;
      },
    },
    result: { data },
  };
}

/** An UpdateProduct mock that records the input it was sent, answering with the product given. */
const updateRecording = (sent: Record<string, unknown>[], updateProduct: Record<string, unknown>) =>
  recording(UpdateProductMutation, sent, { updateProduct });

test('Add Product shows SPEC §5 messages for every empty field, and asks for a photo', async () => {
  renderAt('/dashboard/addProduct');
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Product Name is Required')).toBeInTheDocument();
  expect(screen.getByText('Product Description is Required')).toBeInTheDocument();
  expect(screen.getByText('Product Price is Required')).toBeInTheDocument();
  // SPEC uses the quantity message for the minimum quantity too.
  expect(screen.getAllByText('Product Quantity is Required')).toHaveLength(2);
  expect(screen.getByText('Product Photo is Required')).toBeInTheDocument();
});

test('Add Product refuses a negative stock and a minimum quantity below 1, as the server does', async () => {
  renderAt('/dashboard/addProduct');
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '-1' } });
  fireEvent.change(screen.getByLabelText('Minimum Quantity'), { target: { value: '0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Product Quantity cannot be negative')).toBeInTheDocument();
  expect(screen.getByText('Minimum Quantity must be at least 1')).toBeInTheDocument();
  expect(screen.queryByText('Product Quantity is Required')).not.toBeInTheDocument();
});

test('Add Product takes a stock of 0 (a product added sold out), as the server does', async () => {
  renderAt('/dashboard/addProduct');
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Product Name is Required')).toBeInTheDocument();
  // The one left is the minimum quantity's (SPEC: the same message).
  expect(screen.getAllByText('Product Quantity is Required')).toHaveLength(1);
  expect(screen.queryByText('Product Quantity cannot be negative')).not.toBeInTheDocument();
});

test('Update Product starts from the stored values and uses its own minimum-quantity message', async () => {
  renderAt(`/updateProduct/${PRODUCT_ID}`, [productQuery({ ...storedProduct, engravable: false, engravingSurcharge: dollars(0) })]);
  expect(await screen.findByDisplayValue('120.00')).toBeInTheDocument();
  expect(screen.getByAltText('Photo preview')).toHaveAttribute('src', '/images/chef.svg');
  fireEvent.change(screen.getByLabelText('Price'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Minimum Quantity'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(screen.getByText('Product Price is Required')).toBeInTheDocument());
  expect(screen.getByText('Product Quantity is Required')).toBeInTheDocument();
  expect(screen.getByText('Minimum Quantity is Required')).toBeInTheDocument();
  // The current photo counts: no photo message.
  expect(screen.queryByText('Product Photo is Required')).not.toBeInTheDocument();
});

test('Update Product takes a price with cents and sends it as priceAmount in cents; an amount with too many decimals is refused', async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    productQuery(),
    updateRecording(sent, { ...storedProduct, priceFrom: dollars(129.5), engravingSurcharge: dollars(12.5) }),
  ]);
  const price = await screen.findByLabelText('Price');
  expect(price).toHaveValue('120.00');
  expect(screen.getByLabelText('Engraving price')).toHaveValue('15.00');
  fireEvent.change(price, { target: { value: '12.345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Enter an amount like 129.50')).toBeInTheDocument();
  expect(sent).toEqual([]);
  fireEvent.change(price, { target: { value: '0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Product Price must be at least 1')).toBeInTheDocument();
  fireEvent.change(price, { target: { value: '129.50' } });
  fireEvent.change(screen.getByLabelText('Engraving price'), { target: { value: '12.5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({
    kind: 'KNIFE',
    priceAmount: 12950,
    quantity: 5,
    minimumQuantity: 1,
    img: '/images/chef.svg',
    engravable: true,
    engravingMaxLength: 24,
    engravingAmount: 1250,
    engravingPlacements: ['BladeLeft'],
    taxCategory: 'standard',
    ageRestricted: true,
    minimumAge: null,
    slug: 'damascus-chef-knife',
    giftCardMinAmount: null,
    giftCardMaxAmount: null,
    madeToOrderMinDays: null,
    madeToOrderMaxDays: null,
    madeToOrderCap: null,
    weightGrams: 1200,
  });
});

/** Opens the Tax category select and picks an option. */
function chooseTaxCategory(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tax category' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
}

test('Add Product starts at the Standard tax category and sends the one chosen as taxCategory', async () => {
  let sent: Record<string, unknown> | null = null;
  renderAt('/dashboard/addProduct', [
    {
      request: {
        query: CreateProductMutation,
        variables: (variables) => {
          sent = variables.input;
          return true;
        },
      },
      result: {
        data: { createProduct: { ...storedProduct, name: 'Paring Knife', taxCategory: 'reduced', createdAt: '2026-11-27T10:00:00.000Z' } },
      },
    },
  ]);
  expect(screen.getByRole('combobox', { name: 'Tax category' })).toHaveTextContent('Standard');
  fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: 'Paring Knife' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Small and sharp' } });
  fireEvent.change(screen.getByLabelText('Price'), { target: { value: '45.99' } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '10' } });
  fireEvent.change(screen.getByLabelText('Minimum Quantity'), { target: { value: '1' } });
  fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [new File(['x'], 'paring.jpg', { type: 'image/jpeg' })] } });
  chooseTaxCategory('Reduced');
  expect(screen.getByRole('combobox', { name: 'Tax category' })).toHaveTextContent('Reduced');
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Paring Knife have been added')).toBeInTheDocument();
  expect(await screen.findByText('Manage Products list')).toBeInTheDocument();
  expect(sent).toMatchObject({ name: 'Paring Knife', priceAmount: 4599, img: '/uploads/new.jpg', taxCategory: 'reduced' });
});

test("Update Product preloads the product's tax category and sends the one chosen", async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    productQuery({ ...storedProduct, taxCategory: 'reduced' }),
    updateRecording(sent, { ...storedProduct, taxCategory: 'zero' }),
  ]);
  const category = await screen.findByRole('combobox', { name: 'Tax category' });
  expect(category).toHaveTextContent('Reduced');
  chooseTaxCategory('Zero');
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ priceAmount: 12000, taxCategory: 'zero' });
});

test("Update Product edits the slug in the shared rule's words and sends it in lowercase", async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [productQuery(), updateRecording(sent, { ...storedProduct, slug: 'chef-no-1' })]);
  const slug = await screen.findByLabelText('Slug');
  expect(slug).toHaveValue('damascus-chef-knife');
  fireEvent.change(slug, { target: { value: 'chef knife!' } });
  fireEvent.blur(slug);
  expect(await screen.findByText(SLUG_FORMAT)).toBeInTheDocument();
  fireEvent.change(slug, { target: { value: 'Chef-No-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ slug: 'chef-no-1' });
});

/** Fills Add Product's required fields with a valid product. */
function fillNewProduct(name: string) {
  fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Sharp' } });
  fireEvent.change(screen.getByLabelText('Price'), { target: { value: '80' } });
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Minimum Quantity'), { target: { value: '1' } });
  fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [new File(['x'], 'knife.jpg', { type: 'image/jpeg' })] } });
}

/** A CreateProduct mock that records the input it was sent. */
const createRecording = (sent: Record<string, unknown>[]) =>
  recording(CreateProductMutation, sent, { createProduct: { ...storedProduct, createdAt: '2026-11-27T10:00:00.000Z' } });

test("Add Product starts age-restricted (a knife shop sells blades, whatever the server's default) with the shop's minimum age, and sends both", async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt('/dashboard/addProduct', [createRecording(sent)]);
  const restricted = screen.getByRole('switch', { name: 'Age-restricted (bladed article)' });
  expect(restricted).toBeChecked();
  expect(screen.getByLabelText('Minimum age')).toHaveValue(null);
  fillNewProduct('Cleaver');
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Manage Products list')).toBeInTheDocument();
  // Blank: the shop's default and the destination's rule decide.
  expect(sent).toEqual([expect.objectContaining({ name: 'Cleaver', ageRestricted: true, minimumAge: null })]);
});

test('Add Product sends a product that is not a blade as ageRestricted false', async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt('/dashboard/addProduct', [createRecording(sent)]);
  fillNewProduct('Sharpening Stone');
  fireEvent.click(screen.getByRole('switch', { name: 'Age-restricted (bladed article)' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Manage Products list')).toBeInTheDocument();
  expect(sent).toEqual([expect.objectContaining({ name: 'Sharpening Stone', ageRestricted: false })]);
});

test("Add Product takes a product's own minimum age within the shared rule's range", async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt('/dashboard/addProduct', [createRecording(sent)]);
  fillNewProduct('Hunting Knife');
  const age = screen.getByLabelText('Minimum age');
  fireEvent.change(age, { target: { value: '30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Minimum age must be between 16 and 25')).toBeInTheDocument();
  expect(sent).toEqual([]);
  fireEvent.change(age, { target: { value: '21' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Manage Products list')).toBeInTheDocument();
  expect(sent).toEqual([expect.objectContaining({ name: 'Hunting Knife', ageRestricted: true, minimumAge: 21 })]);
});

test("Update Product preloads the age restriction and the product's own minimum age; a blank age is sent as null, which clears it", async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    productQuery({ ...storedProduct, ageRestricted: false, minimumAge: 21 }),
    updateRecording(sent, storedProduct),
  ]);
  const restricted = await screen.findByRole('switch', { name: 'Age-restricted (bladed article)' });
  expect(restricted).not.toBeChecked();
  const age = screen.getByLabelText('Minimum age');
  expect(age).toHaveValue(21);
  fireEvent.click(restricted);
  fireEvent.change(age, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ ageRestricted: true, minimumAge: null });
});

test('Add Product of a gift card hides stock, tax, age and engraving, and sends kind GIFT_CARD without an age rule or engraving', async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt('/dashboard/addProduct', [createRecording(sent)]);
  expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Knife or blade (goods)');
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Gift card' }));
  for (const hidden of ['Quantity', 'Minimum age', 'Engraving max length']) expect(screen.queryByLabelText(hidden)).toBeNull();
  expect(screen.queryByRole('switch', { name: 'Age-restricted (bladed article)' })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Tax category' })).toBeNull();
  fireEvent.change(screen.getByLabelText('Product Name'), { target: { value: 'Keen gift card' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'For the knife of their choosing' } });
  fireEvent.change(screen.getByLabelText('Price'), { target: { value: '50' } });
  fireEvent.change(screen.getByLabelText('Minimum Quantity'), { target: { value: '1' } });
  fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [new File(['x'], 'card.jpg', { type: 'image/jpeg' })] } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('Manage Products list')).toBeInTheDocument();
  expect(sent).toEqual([
    expect.objectContaining({
      kind: 'GIFT_CARD',
      name: 'Keen gift card',
      priceAmount: 5000,
      quantity: 0,
      ageRestricted: false,
      minimumAge: null,
      engravable: false,
      giftCardMinAmount: null,
      giftCardMaxAmount: null,
    }),
  ]);
});

test("a gift card's own-amount bounds: both or neither, the most not below the least, sent in minor units", async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    productQuery({
      ...storedProduct,
      kind: 'GIFT_CARD',
      ageRestricted: false,
      engravable: false,
      giftCardMinAmount: 1000,
      giftCardMaxAmount: 20000,
    }),
    updateRecording(sent, storedProduct),
  ]);
  const least = await screen.findByLabelText('Least a buyer may choose');
  const most = screen.getByLabelText('Most a buyer may choose');
  expect(least).toHaveValue('10.00');
  expect(most).toHaveValue('200.00');
  fireEvent.change(most, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Give both amounts a buyer may choose between, or neither')).toBeInTheDocument();
  fireEvent.change(most, { target: { value: '5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('The most a buyer may choose must be at least the least')).toBeInTheDocument();
  expect(sent).toEqual([]);
  fireEvent.change(most, { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ kind: 'GIFT_CARD', giftCardMinAmount: 1000, giftCardMaxAmount: 50000 });
});

test('Update Product of a gift card starts as one, its stock and age fields hidden', async () => {
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    productQuery({ ...storedProduct, kind: 'GIFT_CARD', ageRestricted: false, engravable: false }),
  ]);
  expect(await screen.findByRole('combobox', { name: 'Kind' })).toHaveTextContent('Gift card');
  expect(screen.queryByLabelText('Quantity')).toBeNull();
  expect(screen.queryByRole('switch', { name: 'Age-restricted (bladed article)' })).toBeNull();
});

test('Update Product makes a product made to order: both days, the most at least the fewest, and an optional cap', async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    productQuery(),
    updateRecording(sent, {
      ...storedProduct,
      madeToOrder: { __typename: 'MadeToOrderDays', minDays: 20, maxDays: 30 },
      madeToOrderCap: 4,
    }),
  ]);
  const fewest = await screen.findByLabelText('Fewest days to make');
  fireEvent.change(fewest, { target: { value: '20' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Give both the fewest and the most days to make it, or neither')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Most days to make'), { target: { value: '10' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Most days to make must be at least the fewest days')).toBeInTheDocument();
  expect(sent).toEqual([]);
  fireEvent.change(screen.getByLabelText('Most days to make'), { target: { value: '30' } });
  fireEvent.change(screen.getByLabelText('Open made-to-order units'), { target: { value: '4' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ madeToOrderMinDays: 20, madeToOrderMaxDays: 30, madeToOrderCap: 4 });
});

test("Update Product preloads the weight, refuses a negative one in the shared rule's words, and sends the grams", async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [productQuery(), updateRecording(sent, { ...storedProduct, weightGrams: 950 })]);
  const weight = await screen.findByLabelText('Weight, packed (g)');
  expect(weight).toHaveValue(1200);
  fireEvent.change(weight, { target: { value: '-5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Weight cannot be negative')).toBeInTheDocument();
  expect(sent).toEqual([]);
  fireEvent.change(weight, { target: { value: '950' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ weightGrams: 950 });
});

test('Update Product lists where an engraving may go as checkboxes: at least one, sent in the list order', async () => {
  const sent: Record<string, unknown>[] = [];
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    productQuery(),
    updateRecording(sent, { ...storedProduct, engravingPlacements: ['BladeRight', 'Handle'] }),
  ]);
  const left = await screen.findByRole('checkbox', { name: 'Blade, left face' });
  expect(left).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Spine' })).not.toBeChecked();
  fireEvent.click(left);
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Choose at least one place an engraving may go')).toBeInTheDocument();
  expect(sent).toEqual([]);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Handle' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Blade, right face' }));
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ engravingPlacements: ['BladeRight', 'Handle'] });
});
