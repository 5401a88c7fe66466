// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { renderPage } from '../../../test/render';
import {
  DeleteProductVariantMutation,
  ProductVariantsQuery,
  SetProductOptionsMutation,
  UpdateProductVariantMutation,
  UpdateProductVariantsMutation,
} from './operations';
import OptionGroupsEditor from './OptionGroupsEditor';
import VariantsPage from './VariantsPage';
import { dollars, variantLeadTimeFixture } from '../../../test/fixtures';
import { optionValueFixture } from '../../../test/variantFixtures';

const PRODUCT_ID = 'a1b2c3d4-0000-4000-8000-0000000000aa';
const ROUTE = `/dashboard/manageProducts/${PRODUCT_ID}/variants`;

interface VariantSpec {
  id: string;
  name: string;
  sku: string;
  price: number;
  quantity: number;
  enabled?: boolean;
  /** Value ids, one per group. */
  options?: string[];
  ownImg?: string | null;
  ownWeightGrams?: number | null;
  /** Its own made-to-order days ("Made to order: ..." its lead time text); absent: as its product. */
  madeToOrder?: { minDays: number; maxDays: number; text: string };
}

const BLADE = [optionValueFixture('v16', 'g-blade', '16 cm'), optionValueFixture('v18', 'g-blade', '18 cm')];
const HANDLE = [optionValueFixture('vwal', 'g-handle', 'Walnut')];
const ALL_VALUES = [...BLADE, ...HANDLE];

const groupsFixture = [
  { __typename: 'ProductOptionGroup' as const, id: 'g-blade', name: 'Blade length', values: BLADE, custom: null },
  { __typename: 'ProductOptionGroup' as const, id: 'g-handle', name: 'Handle', values: HANDLE, custom: null },
];

const variantFixture = ({
  id,
  name,
  sku,
  price,
  quantity,
  enabled = true,
  options = [],
  ownImg = null,
  ownWeightGrams = null,
  madeToOrder,
}: VariantSpec) => ({
  __typename: 'ProductVariant' as const,
  id,
  productId: PRODUCT_ID,
  sku,
  name,
  options: options.map((valueId) => ALL_VALUES.find((candidate) => candidate.id === valueId)!),
  unitPrice: dollars(price),
  quantity,
  img: ownImg ?? '/images/santoku.svg',
  ownImg,
  weightGrams: ownWeightGrams ?? 250,
  ownWeightGrams,
  enabled,
  ...variantLeadTimeFixture(madeToOrder),
});

const TWO_VARIANTS: VariantSpec[] = [
  { id: 'var-16', name: '16 cm / Walnut', sku: 'SANTOKU-16-WALNUT', price: 120, quantity: 3, options: ['v16', 'vwal'] },
  { id: 'var-18', name: '18 cm / Walnut', sku: 'SANTOKU-18-WALNUT', price: 140, quantity: 2, options: ['v18', 'vwal'] },
];

function productFixture(optionGroups: unknown[], variants: VariantSpec[]) {
  const rows = variants.map(variantFixture);
  const enabled = rows.filter((row) => row.enabled);
  return {
    __typename: 'Product' as const,
    id: PRODUCT_ID,
    name: 'Engraved Santoku',
    img: '/images/santoku.svg',
    priceFrom: dollars(Math.min(...enabled.map((row) => row.unitPrice.amount)) / 100),
    quantity: enabled.reduce((sum, row) => sum + row.quantity, 0),
    optionGroups,
    variants: rows,
  };
}

const productMock = (product: ReturnType<typeof productFixture>): MockLink.MockedResponse => ({
  request: { query: ProductVariantsQuery, variables: { id: PRODUCT_ID } },
  result: { data: { product } },
});

/** The fields every mutation answers (the product's name and photo are not among them). */
function answered(product: ReturnType<typeof productFixture>) {
  const { name: _name, img: _img, ...fields } = product;
  return fields;
}

const show = (mocks: MockLink.MockedResponse[]) =>
  renderPage(<VariantsPage />, { path: '/dashboard/manageProducts/:id/variants', route: ROUTE, mocks });

const rowOf = (sku: string) => screen.getByText(sku).closest('[role="row"]') as HTMLElement;
const cellOf = (row: HTMLElement, field: string) => row.querySelector(`[data-field="${field}"]`) as HTMLElement;

/** Opens a cell's editor, types, and commits with Enter (as the keyboard does). */
async function editCell(row: HTMLElement, field: string, text: string) {
  fireEvent.doubleClick(cellOf(row, field));
  const input = await within(cellOf(row, field)).findByRole(field === 'quantity' || field === 'ownWeightGrams' ? 'spinbutton' : 'textbox');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const SINGLE = productFixture([], [{ id: 'var-only', name: '', sku: 'ENGRAVED-SANTOKU', price: 120, quantity: 4 }]);

/** Types into a field and presses Enter, as the chips editor is used. */
function enter(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

test('the chips editor adds groups and values and removes them, refusing with the shared schema’s messages', async () => {
  // The editor alone (the grid's many elements make every role query slow).
  renderPage(<OptionGroupsEditor productId={PRODUCT_ID} optionGroups={[]} variants={SINGLE.variants} currency="USD" />, {
    path: '/',
    route: '/',
  });
  expect(screen.getByText(/No options yet: this product is sold as one variant/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save options' })).toBeDisabled();

  const newOption = screen.getByLabelText('New option');
  enter(newOption, ' ');
  expect(screen.getByText('Option name is Required')).toBeInTheDocument();
  enter(newOption, 'Blade length');
  const blade = screen.getByRole('group', { name: 'Option Blade length' });
  const bladeValue = within(blade).getByLabelText('Add a value to Blade length');
  for (const text of ['16 cm', '18 cm', '21 cm']) enter(bladeValue, text);
  const chips = () => within(within(blade).getByRole('list', { name: 'Values of Blade length' })).queryAllByRole('listitem');
  expect(chips().map((chip) => chip.textContent)).toEqual(['16 cm', '18 cm', '21 cm']);
  // The same value again, whatever the case, is the schema's refusal, and nothing is added.
  enter(bladeValue, '16 CM');
  expect(within(blade).getByText('Blade length has the value 16 CM twice')).toBeInTheDocument();
  expect(chips()).toHaveLength(3);
  enter(bladeValue, 'x'.repeat(41));
  expect(within(blade).getByText('Option value must be at most 40 characters')).toBeInTheDocument();
  // Delete on the focused chip removes it, as the keyboard does.
  fireEvent.keyUp(within(blade).getByRole('button', { name: /^18 cm/ }), { key: 'Delete' });
  expect(chips().map((chip) => chip.textContent)).toEqual(['16 cm', '21 cm']);
  expect(screen.getByText('Makes 2 variants')).toBeInTheDocument();

  // A second option named as the first, whatever the case, is refused.
  fireEvent.change(newOption, { target: { value: 'blade LENGTH' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
  expect(screen.getByText('The option blade LENGTH appears twice')).toBeInTheDocument();
  enter(newOption, 'Handle');
  enter(newOption, 'Steel');
  // Three options at most: a fourth cannot be added.
  expect(screen.getByRole('button', { name: 'Add option' })).toBeDisabled();
  expect(screen.getByText('A product may have at most 3 options')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Remove option Steel' }));
  expect(screen.queryByRole('group', { name: 'Option Steel' })).not.toBeInTheDocument();

  // Saving an option without a name says so under it (no mock answers: nothing is sent).
  fireEvent.change(within(screen.getByRole('group', { name: 'Option Handle' })).getByLabelText('Option name'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save options' }));
  expect(within(screen.getByRole('group', { name: 'Option #2' })).getByText('Option name is Required')).toBeInTheDocument();
});

test('made to measure: one option at most, its bounds checked by the schema; a valid set is saved with setProductOptions', async () => {
  const groups = [
    {
      name: 'Blade length',
      values: ['16 cm', '18 cm'],
      custom: { label: 'Made to measure', min: 12, max: 30, unit: 'cm', surchargeAmount: 4000 },
    },
    { name: 'Handle', values: ['Walnut'], custom: null },
  ];
  let saved = false;
  renderPage(<OptionGroupsEditor productId={PRODUCT_ID} optionGroups={[]} variants={SINGLE.variants} currency="USD" />, {
    path: '/',
    route: '/',
    mocks: [
      {
        request: { query: SetProductOptionsMutation, variables: { productId: PRODUCT_ID, groups } },
        result: () => {
          saved = true;
          return {
            data: {
              setProductOptions: answered(
                productFixture(groupsFixture, [
                  { id: 'var-only', name: '16 cm / Walnut', sku: 'ENGRAVED-SANTOKU', price: 120, quantity: 4, options: ['v16', 'vwal'] },
                  {
                    id: 'var-18',
                    name: '18 cm / Walnut',
                    sku: 'ENGRAVED-SANTOKU-18-WALNUT',
                    price: 120,
                    quantity: 0,
                    options: ['v18', 'vwal'],
                  },
                ]),
              ),
            },
          };
        },
      },
    ],
  });
  const newOption = screen.getByLabelText('New option');
  enter(newOption, 'Blade length');
  enter(newOption, 'Handle');
  const blade = screen.getByRole('group', { name: 'Option Blade length' });
  const handle = screen.getByRole('group', { name: 'Option Handle' });
  for (const text of ['16 cm', '18 cm']) enter(within(blade).getByLabelText('Add a value to Blade length'), text);
  fireEvent.click(screen.getByRole('button', { name: 'Save options' }));
  expect(screen.getByText('Give Handle at least one value')).toBeInTheDocument();
  enter(within(handle).getByLabelText('Add a value to Handle'), 'Walnut');
  expect(screen.queryByText('Give Handle at least one value')).not.toBeInTheDocument();

  fireEvent.click(within(blade).getByLabelText('Made to measure'));
  expect(within(handle).getByLabelText('Made to measure (another option has it)')).toBeDisabled();
  fireEvent.change(within(blade).getByLabelText('Smallest'), { target: { value: '30' } });
  fireEvent.change(within(blade).getByLabelText('Largest'), { target: { value: '12' } });
  expect(within(blade).getByText('Largest measure must be at least the smallest')).toBeInTheDocument();
  fireEvent.change(within(blade).getByLabelText('Smallest'), { target: { value: '' } });
  expect(within(blade).getByText('Smallest measure is Required')).toBeInTheDocument();
  fireEvent.change(within(blade).getByLabelText('Smallest'), { target: { value: '12' } });
  fireEvent.change(within(blade).getByLabelText('Largest'), { target: { value: '30' } });
  fireEvent.change(within(blade).getByLabelText('Surcharge ($)'), { target: { value: '40' } });
  expect(screen.getByText('Makes 3 variants')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Save options' }));
  // Nothing is lost (the one variant becomes the first combination), so no confirmation.
  expect(await screen.findByText('Options saved: 3 variants')).toBeInTheDocument();
  expect(saved).toBe(true);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('saving options that drop combinations asks first, naming the variants that go', async () => {
  const groups = [
    { name: 'Blade length', values: ['16 cm'], custom: null },
    { name: 'Handle', values: ['Walnut'], custom: null },
  ];
  show([
    productMock(productFixture(groupsFixture, TWO_VARIANTS)),
    {
      request: { query: SetProductOptionsMutation, variables: { productId: PRODUCT_ID, groups } },
      result: {
        data: {
          setProductOptions: answered(
            productFixture(
              [{ ...groupsFixture[0], values: [BLADE[0]] }, groupsFixture[1]],
              [TWO_VARIANTS[0], { ...TWO_VARIANTS[1], enabled: false, options: [] }],
            ),
          ),
        },
      },
    },
  ]);
  const blade = await screen.findByRole('group', { name: 'Option Blade length' });
  fireEvent.keyUp(within(blade).getByRole('button', { name: /^18 cm/ }), { key: 'Backspace' });
  fireEvent.click(screen.getByRole('button', { name: 'Save options' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove 1 variant?' });
  expect(within(dialog).getByText('18 cm / Walnut (SANTOKU-18-WALNUT)')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save options' }));
  expect(await screen.findByText('Options saved: 1 variant')).toBeInTheDocument();
  // Kept for its orders: retired, disabled, greyed.
  const retired = rowOf('SANTOKU-18-WALNUT');
  expect(within(retired).getByText('Retired')).toBeInTheDocument();
  expect(retired).toHaveClass('variant-disabled');
});

test('an inline price edit calls updateProductVariant with that field; a taken SKU shows the server’s words and the cell goes back', async () => {
  const after = productFixture(groupsFixture, [{ ...TWO_VARIANTS[0], price: 99.5 }, TWO_VARIANTS[1]]);
  show([
    productMock(productFixture(groupsFixture, TWO_VARIANTS)),
    {
      request: { query: UpdateProductVariantMutation, variables: { id: 'var-16', input: { priceAmount: 9950 } } },
      result: { data: { updateProductVariant: answered(after) } },
    },
    {
      request: { query: UpdateProductVariantMutation, variables: { id: 'var-18', input: { sku: 'CHEF-21' } } },
      result: {
        errors: [new GraphQLError('SKU CHEF-21 is already used by Chef Knife 21 cm', { extensions: { code: 'CONFLICT' } })],
      },
    },
  ]);
  await screen.findByText('SANTOKU-16-WALNUT');
  await editCell(rowOf('SANTOKU-16-WALNUT'), 'price', '99.50');
  expect(await screen.findByText('16 cm / Walnut has been updated')).toBeInTheDocument();
  await waitFor(() => expect(cellOf(rowOf('SANTOKU-16-WALNUT'), 'price')).toHaveTextContent('$99.50'));

  await editCell(rowOf('SANTOKU-18-WALNUT'), 'sku', 'CHEF-21');
  expect(await screen.findByText('SKU CHEF-21 is already used by Chef Knife 21 cm')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('SANTOKU-18-WALNUT')).toBeInTheDocument());
  expect(screen.queryByText('CHEF-21')).not.toBeInTheDocument();
});

test('an inline edit the shared schema refuses never reaches the server', async () => {
  show([productMock(productFixture(groupsFixture, TWO_VARIANTS))]);
  await screen.findByText('SANTOKU-16-WALNUT');
  await editCell(rowOf('SANTOKU-16-WALNUT'), 'quantity', '-2');
  // No mock answers updateProductVariant: a request would fail with another message.
  expect(await screen.findByText('Stock cannot be negative')).toBeInTheDocument();
  await waitFor(() => expect(cellOf(rowOf('SANTOKU-16-WALNUT'), 'quantity')).toHaveTextContent('3'));
});

test('bulk "Set price" sets the selected rows with updateProductVariants', async () => {
  let asked: unknown = null;
  show([
    productMock(productFixture(groupsFixture, TWO_VARIANTS)),
    {
      request: {
        query: UpdateProductVariantsMutation,
        variables: (variables) => {
          asked = variables;
          return true;
        },
      },
      result: {
        data: {
          updateProductVariants: answered(
            productFixture(groupsFixture, [
              { ...TWO_VARIANTS[0], price: 150 },
              { ...TWO_VARIANTS[1], price: 150 },
            ]),
          ),
        },
      },
    },
  ]);
  await screen.findByText('SANTOKU-16-WALNUT');
  const setPrice = screen.getByRole('button', { name: 'Set price' });
  expect(setPrice).toBeDisabled();
  for (const sku of ['SANTOKU-16-WALNUT', 'SANTOKU-18-WALNUT']) fireEvent.click(within(rowOf(sku)).getByRole('checkbox'));
  expect(screen.getByText('2 selected')).toBeInTheDocument();
  fireEvent.click(setPrice);
  const dialog = await screen.findByRole('dialog', { name: 'Set price of 2 variants' });
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '0' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Set price' }));
  expect(await within(dialog).findByText('Price must be more than 0')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '12.345' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Set price' }));
  expect(await within(dialog).findByText('Enter an amount like 129.50')).toBeInTheDocument();
  expect(asked).toBeNull();
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '150' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Set price' }));
  expect(await screen.findByText('Price set for 2 variants')).toBeInTheDocument();
  expect(asked).toEqual({ ids: ['var-16', 'var-18'], input: { priceAmount: 15000 } });
  await waitFor(() => expect(cellOf(rowOf('SANTOKU-18-WALNUT'), 'price')).toHaveTextContent('$150.00'));
});

test('deleting a variant with orders shows the server’s refusal and offers to disable it', async () => {
  const disabled = productFixture(groupsFixture, [TWO_VARIANTS[0], { ...TWO_VARIANTS[1], enabled: false }]);
  show([
    productMock(productFixture(groupsFixture, TWO_VARIANTS)),
    {
      request: { query: DeleteProductVariantMutation, variables: { id: 'var-18' } },
      result: {
        errors: [new GraphQLError('Engraved Santoku, 18 cm / Walnut has orders: disable it instead', { extensions: { code: 'CONFLICT' } })],
      },
    },
    {
      request: { query: UpdateProductVariantMutation, variables: { id: 'var-18', input: { enabled: false } } },
      result: { data: { updateProductVariant: answered(disabled) } },
    },
  ]);
  await screen.findByText('SANTOKU-18-WALNUT');
  fireEvent.click(screen.getByRole('button', { name: 'Delete 18 cm / Walnut' }));
  const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to delete ?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Engraved Santoku, 18 cm / Walnut has orders: disable it instead')).toBeInTheDocument();
  expect(screen.getByText('SANTOKU-18-WALNUT')).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('button', { name: 'Disable it' }));
  expect(await screen.findByText('18 cm / Walnut has been disabled')).toBeInTheDocument();
  await waitFor(() => expect(rowOf('SANTOKU-18-WALNUT')).toHaveClass('variant-disabled'));
  expect(within(rowOf('SANTOKU-18-WALNUT')).getByText('Disabled')).toBeInTheDocument();
});

test('an unknown product says so', async () => {
  show([{ request: { query: ProductVariantsQuery, variables: { id: PRODUCT_ID } }, result: { data: { product: null } } }]);
  expect(await screen.findByText('Product not found')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Options and variants' })).toBeInTheDocument();
});

test("a variant's own weight is edited in its cell (a made-to-measure size weighs more); the others show their product's", async () => {
  const after = productFixture(groupsFixture, [{ ...TWO_VARIANTS[0], ownWeightGrams: 1200 }, TWO_VARIANTS[1]]);
  show([
    productMock(productFixture(groupsFixture, TWO_VARIANTS)),
    {
      request: { query: UpdateProductVariantMutation, variables: { id: 'var-16', input: { weightGrams: 1200 } } },
      result: { data: { updateProductVariant: answered(after) } },
    },
  ]);
  await screen.findByText('SANTOKU-16-WALNUT');
  expect(cellOf(rowOf('SANTOKU-18-WALNUT'), 'ownWeightGrams')).toHaveTextContent('250 (product)');
  await editCell(rowOf('SANTOKU-16-WALNUT'), 'ownWeightGrams', '1200');
  expect(await screen.findByText('16 cm / Walnut has been updated')).toBeInTheDocument();
  await waitFor(() => expect(cellOf(rowOf('SANTOKU-16-WALNUT'), 'ownWeightGrams')).toHaveTextContent('1200'));
});

test("a variant's lead time is set in its dialog: made to order in its own days (the most at least the fewest), shown in its cell", async () => {
  const own = { minDays: 9, maxDays: 15, text: 'Made to order: ships in 2-3 weeks' };
  const after = productFixture(groupsFixture, [{ ...TWO_VARIANTS[0], madeToOrder: own }, TWO_VARIANTS[1]]);
  show([
    productMock(productFixture(groupsFixture, TWO_VARIANTS)),
    {
      request: {
        query: UpdateProductVariantMutation,
        variables: { id: 'var-16', input: { leadTimeMode: 'MADE_TO_ORDER', madeToOrderMinDays: 9, madeToOrderMaxDays: 15 } },
      },
      result: { data: { updateProductVariant: answered(after) } },
    },
  ]);
  await screen.findByText('SANTOKU-16-WALNUT');
  expect(cellOf(rowOf('SANTOKU-16-WALNUT'), 'leadTimeMode')).toHaveTextContent("Product's");
  fireEvent.click(screen.getByRole('button', { name: 'Lead time of 16 cm / Walnut' }));
  const dialog = await screen.findByRole('dialog', { name: 'Lead time of 16 cm / Walnut' });
  fireEvent.click(within(dialog).getByRole('radio', { name: 'Made to order in its own days' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('A variant made to order needs its fewest and most days to make')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Fewest days to make'), { target: { value: '9' } });
  fireEvent.change(within(dialog).getByLabelText('Most days to make'), { target: { value: '5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Most days to make must be at least the fewest days')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Most days to make'), { target: { value: '15' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('16 cm / Walnut has been updated')).toBeInTheDocument();
  await waitFor(() => expect(cellOf(rowOf('SANTOKU-16-WALNUT'), 'leadTimeMode')).toHaveTextContent('Made to order: 9-15 days'));
  expect(cellOf(rowOf('SANTOKU-18-WALNUT'), 'leadTimeMode')).toHaveTextContent("Product's");
});
