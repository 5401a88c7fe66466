import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, gql, idToken, searchGrid, signIn, snap, tinyPng } from './support';

interface StoredVariant {
  name: string;
  price: number;
  quantity: number;
  img: string;
  ownImg: string | null;
  enabled: boolean;
}

/** A product of this run's own (one variant, no options), made through the API as the admin. */
async function newProduct(baseURL: string): Promise<{ id: string; name: string }> {
  const name = `Variant Santoku ${Date.now()}`;
  const { createProduct } = await gql<{ createProduct: { id: string; name: string } }>(
    baseURL,
    'mutation($input: ProductInput!) { createProduct(input: $input) { id name } }',
    {
      input: {
        name,
        description: 'A santoku in three blade lengths and two handles.',
        price: 120,
        quantity: 4,
        minimumQuantity: 1,
        img: '/images/santoku.svg',
      },
    },
    await idToken(demo.admin),
  );
  return createProduct;
}

const rowOf = (page: Page, variant: string) => page.getByRole('grid', { name: 'Variants' }).getByRole('row').filter({ hasText: variant });

/** Edits a grid cell with the keyboard: Enter opens the editor, Enter saves. */
async function editCell(row: Locator, field: string, text: string) {
  const cell = row.locator(`[data-field="${field}"]`);
  await cell.click();
  await cell.press('Enter');
  const input = cell.locator('input');
  await input.fill(text);
  await input.press('Enter');
}

async function addOption(page: Page, name: string, values: string[]) {
  await page.getByLabel('New option').fill(name);
  await page.getByLabel('New option').press('Enter');
  const group = page.getByRole('group', { name: `Option ${name}` });
  const input = group.getByLabel(`Add a value to ${name}`);
  for (const value of values) {
    await input.fill(value);
    await input.press('Enter');
    await expect(group.getByRole('button', { name: new RegExp(`^${value}`) })).toBeVisible();
  }
}

test('a maker gives a product blade lengths and handles, prices and stocks its variants, and gives one its own photo', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const product = await newProduct(baseURL!);
  await signIn(page, demo.admin);
  await page.goto('/dashboard/manageProducts');
  await searchGrid(page, product.name);
  await page.getByRole('link', { name: `Variants of ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageProducts/${product.id}/variants$`));
  await expect(page.getByRole('heading', { level: 1, name: `Options and variants of ${product.name}` })).toBeVisible();
  await expect(page.getByText(/No options yet/)).toBeVisible();

  await addOption(page, 'Blade length', ['16 cm', '18 cm', '21 cm']);
  await addOption(page, 'Handle', ['Walnut', 'Ebony']);
  await expect(page.getByText('Makes 6 variants')).toBeVisible();
  await page.getByRole('button', { name: 'Save options' }).click();
  await expect(page.getByText('Options saved: 6 variants')).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Variants' });
  // Six variants, and the header row.
  await expect(grid.getByRole('row')).toHaveCount(7);
  for (const name of ['16 cm / Walnut', '16 cm / Ebony', '18 cm / Walnut', '18 cm / Ebony', '21 cm / Walnut', '21 cm / Ebony'])
    await expect(rowOf(page, name)).toBeVisible();

  // Inline, with the keyboard: the price and stock of 21 cm / Ebony.
  await editCell(rowOf(page, '21 cm / Ebony'), 'price', '189');
  await expect(page.getByText('21 cm / Ebony has been updated').first()).toBeVisible();
  await expect(rowOf(page, '21 cm / Ebony').locator('[data-field="price"]')).toHaveText('$189.00');
  await editCell(rowOf(page, '21 cm / Ebony'), 'quantity', '5');
  await expect(rowOf(page, '21 cm / Ebony').locator('[data-field="quantity"]')).toHaveText('5');

  // In bulk: both 16 cm variants.
  for (const name of ['16 cm / Walnut', '16 cm / Ebony']) await rowOf(page, name).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Set price' }).click();
  const priceDialog = page.getByRole('dialog', { name: 'Set price of 2 variants' });
  await priceDialog.getByLabel('Price').fill('129');
  await priceDialog.getByRole('button', { name: 'Set price' }).click();
  await expect(page.getByText('Price set for 2 variants')).toBeVisible();
  await page.getByRole('button', { name: 'Set stock' }).click();
  const stockDialog = page.getByRole('dialog', { name: 'Set stock of 2 variants' });
  await stockDialog.getByLabel('Stock').fill('7');
  await stockDialog.getByLabel('Stock').press('Enter');
  await expect(page.getByText('Stock set for 2 variants')).toBeVisible();
  await expect(rowOf(page, '16 cm / Ebony').locator('[data-field="price"]')).toHaveText('$129.00');
  await expect(rowOf(page, '16 cm / Ebony').locator('[data-field="quantity"]')).toHaveText('7');

  // A photo of its own for 21 cm / Ebony, through the upload pipeline.
  await rowOf(page, '21 cm / Ebony').getByRole('button', { name: 'Photo of 21 cm / Ebony' }).click();
  const photoDialog = page.getByRole('dialog', { name: 'Photo of 21 cm / Ebony' });
  await photoDialog.getByLabel('Variant photo').setInputFiles({ name: 'ebony.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('21 cm / Ebony has its own photo')).toBeVisible();
  await expect(photoDialog.getByAltText('Current photo of 21 cm / Ebony')).toHaveAttribute('src', /\/uploads\//);
  await expect(photoDialog.getByRole('button', { name: "Use the product's photo" })).toBeVisible();
  await photoDialog.getByRole('button', { name: 'Close' }).click();
  await snap(page, 'admin-variants', info.project.name);

  // What the storefront reads: the variants with those prices, stock and photo; the product's price is the lowest.
  const response = await page.request.post('/graphql', {
    data: {
      query: 'query($id: ID!) { product(id: $id) { price quantity variants { name price quantity img ownImg enabled } } }',
      variables: { id: product.id },
    },
  });
  const { data } = (await response.json()) as { data: { product: { price: number; quantity: number; variants: StoredVariant[] } } };
  const byName = new Map(data.product.variants.map((variant) => [variant.name, variant]));
  expect(data.product.variants).toHaveLength(6);
  expect(byName.get('21 cm / Ebony')).toMatchObject({
    price: 189,
    quantity: 5,
    enabled: true,
    ownImg: expect.stringMatching(/\/uploads\//),
  });
  expect(byName.get('16 cm / Walnut')).toMatchObject({ price: 129, quantity: 7 });
  expect(byName.get('16 cm / Ebony')).toMatchObject({ price: 129, quantity: 7, ownImg: null, img: '/images/santoku.svg' });
  // A new combination starts at the product's price, with no stock (16 cm / Walnut took over the product's one variant).
  expect(byName.get('18 cm / Walnut')).toMatchObject({ price: 120, quantity: 0 });
  expect(data.product.price).toBe(120);
  expect(data.product.quantity).toBe(5 + 7 + 7);
});

test('the variants page passes axe and fits a phone', async ({ page, baseURL }, info) => {
  const product = await newProduct(baseURL!);
  await signIn(page, demo.admin);
  await page.goto(`/dashboard/manageProducts/${product.id}/variants`);
  await expect(page.getByRole('grid', { name: 'Variants' })).toBeVisible();
  await expect(page).toHaveTitle('Options and variants | Keen');
  await addOption(page, 'Handle', ['Walnut', 'Ebony']);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, where: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
  expect(serious).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Save options' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Save options' })).toBeVisible();
  // The page itself does not scroll sideways (the grid scrolls inside itself).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await snap(page, 'admin-variants-phone', info.project.name);
});
