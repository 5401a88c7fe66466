// @vitest-environment jsdom
import { expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
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
  taxCategory: 'standard',
  slug: 'damascus-chef-knife',
  ageRestricted: true,
  minimumAge: null,
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
  const productMock: MockLink.MockedResponse = {
    request: { query: AdminProductQuery, variables: { id: PRODUCT_ID } },
    result: {
      data: {
        product: {
          __typename: 'Product',
          id: PRODUCT_ID,
          name: 'Damascus Chef Knife',
          img: '/images/chef.svg',
          description: 'Sharp',
          priceFrom: dollars(120),
          quantity: 5,
          minimumQuantity: 1,
          engravable: false,
          engravingMaxLength: 24,
          engravingSurcharge: dollars(0),
          taxCategory: 'standard',
          ageRestricted: true,
          minimumAge: null,
        },
      },
    },
  };
  renderAt(`/updateProduct/${PRODUCT_ID}`, [productMock]);
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
  let sent: unknown = null;
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    { request: { query: AdminProductQuery, variables: { id: PRODUCT_ID } }, result: { data: { product: storedProduct } } },
    {
      request: {
        query: UpdateProductMutation,
        variables: (variables) => {
          sent = variables.input;
          return true;
        },
      },
      result: { data: { updateProduct: { ...storedProduct, priceFrom: dollars(129.5), engravingSurcharge: dollars(12.5) } } },
    },
  ]);
  const price = await screen.findByLabelText('Price');
  expect(price).toHaveValue('120.00');
  expect(screen.getByLabelText('Engraving price')).toHaveValue('15.00');
  fireEvent.change(price, { target: { value: '12.345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Enter an amount like 129.50')).toBeInTheDocument();
  expect(sent).toBeNull();
  fireEvent.change(price, { target: { value: '0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  expect(await screen.findByText('Product Price must be at least 1')).toBeInTheDocument();
  fireEvent.change(price, { target: { value: '129.50' } });
  fireEvent.change(screen.getByLabelText('Engraving price'), { target: { value: '12.5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).not.toBeNull());
  expect(sent).toEqual({
    priceAmount: 12950,
    quantity: 5,
    minimumQuantity: 1,
    img: '/images/chef.svg',
    engravable: true,
    engravingMaxLength: 24,
    engravingAmount: 1250,
    taxCategory: 'standard',
    ageRestricted: true,
    minimumAge: null,
    slug: 'damascus-chef-knife',
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
  let sent: Record<string, unknown> | null = null;
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    {
      request: { query: AdminProductQuery, variables: { id: PRODUCT_ID } },
      result: { data: { product: { ...storedProduct, taxCategory: 'reduced' } } },
    },
    {
      request: {
        query: UpdateProductMutation,
        variables: (variables) => {
          sent = variables.input;
          return true;
        },
      },
      result: { data: { updateProduct: { ...storedProduct, taxCategory: 'zero' } } },
    },
  ]);
  const category = await screen.findByRole('combobox', { name: 'Tax category' });
  expect(category).toHaveTextContent('Reduced');
  chooseTaxCategory('Zero');
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).not.toBeNull());
  expect(sent).toMatchObject({ priceAmount: 12000, taxCategory: 'zero' });
});

test("Update Product edits the slug in the shared rule's words and sends it in lowercase", async () => {
  let sent: Record<string, unknown> | null = null;
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    { request: { query: AdminProductQuery, variables: { id: PRODUCT_ID } }, result: { data: { product: storedProduct } } },
    {
      request: {
        query: UpdateProductMutation,
        variables: (variables) => {
          sent = variables.input;
          return true;
        },
      },
      result: { data: { updateProduct: { ...storedProduct, slug: 'chef-no-1' } } },
    },
  ]);
  const slug = await screen.findByLabelText('Slug');
  expect(slug).toHaveValue('damascus-chef-knife');
  fireEvent.change(slug, { target: { value: 'chef knife!' } });
  fireEvent.blur(slug);
  expect(await screen.findByText(SLUG_FORMAT)).toBeInTheDocument();
  fireEvent.change(slug, { target: { value: 'Chef-No-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).not.toBeNull());
  expect(sent).toMatchObject({ slug: 'chef-no-1' });
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
function createRecording(sent: Record<string, unknown>[]): MockLink.MockedResponse {
  return {
    request: {
      query: CreateProductMutation,
      variables: (variables) => {
        sent.push(variables.input);
        return true;
      },
    },
    result: { data: { createProduct: { ...storedProduct, createdAt: '2026-11-27T10:00:00.000Z' } } },
  };
}

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
  let sent: Record<string, unknown> | null = null;
  renderAt(`/updateProduct/${PRODUCT_ID}`, [
    {
      request: { query: AdminProductQuery, variables: { id: PRODUCT_ID } },
      result: { data: { product: { ...storedProduct, ageRestricted: false, minimumAge: 21 } } },
    },
    {
      request: {
        query: UpdateProductMutation,
        variables: (variables) => {
          sent = variables.input;
          return true;
        },
      },
      result: { data: { updateProduct: storedProduct } },
    },
  ]);
  const restricted = await screen.findByRole('switch', { name: 'Age-restricted (bladed article)' });
  expect(restricted).not.toBeChecked();
  const age = screen.getByLabelText('Minimum age');
  expect(age).toHaveValue(21);
  fireEvent.click(restricted);
  fireEvent.change(age, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
  await waitFor(() => expect(sent).not.toBeNull());
  expect(sent).toMatchObject({ ageRestricted: true, minimumAge: null });
});
