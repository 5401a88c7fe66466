import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, gql, idToken, payWithSuccessCard, searchGrid, signIn, snap, tabTo } from './support';

/** A knife of this run's own (other specs keep the demo catalogue as it is). */
const NAME = `Variant Santoku ${randomBytes(3).toString('hex')}`;
const PHOTO = '/images/santoku.svg';
const EBONY_21_PHOTO = '/images/nakiri.svg';

/** Price and stock per combination: 16 cm is sold out in both handles. */
const OFFER: Record<string, { price: number; quantity: number }> = {
  '16 cm / Walnut': { price: 150, quantity: 0 },
  '16 cm / Ebony': { price: 180, quantity: 0 },
  '18 cm / Walnut': { price: 170, quantity: 5 },
  '18 cm / Ebony': { price: 200, quantity: 5 },
  '21 cm / Walnut': { price: 210, quantity: 5 },
  '21 cm / Ebony': { price: 240, quantity: 3 },
};

interface Variant {
  id: string;
  name: string;
  sku: string;
}

let productId = '';
let variants = new Map<string, Variant>();

/** As the demo admin, through GraphQL: the product, its two option groups, and each variant's price and stock; one has its own photo. */
test.beforeAll(async ({ baseURL }) => {
  const token = await idToken(demo.admin);
  const { createProduct } = await gql<{ createProduct: { id: string } }>(
    baseURL!,
    'mutation($input: ProductInput!) { createProduct(input: $input) { id } }',
    {
      input: {
        name: NAME,
        description: 'A santoku in three lengths and two handles.',
        img: PHOTO,
        price: 150,
        quantity: 1,
        minimumQuantity: 1,
      },
    },
    token,
  );
  productId = createProduct.id;
  const { setProductOptions } = await gql<{ setProductOptions: { variants: Variant[] } }>(
    baseURL!,
    'mutation($id: ID!, $groups: [ProductOptionGroupInput!]!) { setProductOptions(productId: $id, groups: $groups) { variants { id name sku } } }',
    {
      id: productId,
      groups: [
        { name: 'Blade length', values: ['16 cm', '18 cm', '21 cm'] },
        { name: 'Handle', values: ['Walnut', 'Ebony'] },
      ],
    },
    token,
  );
  variants = new Map(setProductOptions.variants.map((variant) => [variant.name, variant]));
  expect([...variants.keys()].sort()).toEqual(Object.keys(OFFER).sort());
  const update = 'mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { id } }';
  for (const [name, offer] of Object.entries(OFFER)) {
    const own = name === '21 cm / Ebony' ? { img: EBONY_21_PHOTO } : {};
    await gql(baseURL!, update, { id: variants.get(name)!.id, input: { ...offer, ...own } }, token);
  }
});

const radio = (page: Page, group: string, value: string | RegExp) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: value });

async function expectNoSeriousAxeViolations(page: Page, where: string) {
  // Colours are checked once fades are over; a keyboard-focused radio's ripple pulses for ever, so it is not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

test('a shopper picks 21 cm / Ebony (price, photo and URL follow), adds it and 18 cm / Walnut, pays, and sees both in My Orders', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  await signIn(page, demo.customer);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));

  // The card says "from" the lowest price: the variants' prices differ.
  await page.goto(`/products?q=${encodeURIComponent(NAME)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: NAME }) });
  await expect(card).toContainText('Price: from $150.00');

  await page.goto(`/purchase/${productId}`);
  await expect(page.getByRole('radiogroup', { name: 'Blade length' })).toBeVisible();
  // 16 cm has no stock in any handle: shown, disabled, "Out of stock". The page starts on the first in stock.
  await expect(radio(page, 'Blade length', '16 cm Out of stock')).toBeDisabled();
  await expect(radio(page, 'Blade length', '18 cm')).toBeChecked();
  await expect(radio(page, 'Handle', 'Walnut')).toBeChecked();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('$170.00');

  await radio(page, 'Blade length', '21 cm').check();
  await radio(page, 'Handle', 'Ebony').check();
  const ebony21 = variants.get('21 cm / Ebony')!;
  await expect(page).toHaveURL(new RegExp(`\\?variant=${ebony21.id}$`));
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('$240.00');
  await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('3');
  await expect(page.getByRole('img', { name: `${NAME}, 21 cm / Ebony` })).toHaveAttribute('src', EBONY_21_PHOTO);
  await snap(page, 'variant-picked', info.project.name);

  // A shared link opens that variant.
  await page.reload();
  await expect(radio(page, 'Blade length', '21 cm')).toBeChecked();
  await expect(radio(page, 'Handle', 'Ebony')).toBeChecked();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('$240.00');
  await page.getByRole('button', { name: `Add to cart: ${NAME}, 21 cm / Ebony` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  await radio(page, 'Blade length', '18 cm').check();
  await radio(page, 'Handle', 'Walnut').check();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('$170.00');
  await expect(page.getByRole('img', { name: `${NAME}, 18 cm / Walnut` })).toHaveAttribute('src', PHOTO);
  await page.getByRole('button', { name: `Add to cart: ${NAME}, 18 cm / Walnut` }).click();
  await expect(page.getByRole('link', { name: 'Cart (2 items)' })).toBeVisible();
  // Choices replace the history entry: Back leaves the page at once.
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?q=/);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: `${NAME}, 21 cm / Ebony` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${NAME}, 18 cm / Walnut` })).toBeVisible();
  const total = 240 + 170;
  await expect(page.getByText(`Subtotal: $${total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(`1 x ${NAME}, 21 cm / Ebony`);
  // Over the standard method's free threshold: the demo's US shipping is free, no tax.
  await expect(page.getByRole('region', { name: 'Order totals' })).toContainText(
    new RegExp(`Shipping – Standard \\(US\\)FreeTotal\\$${total}\\.00`),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL('**/dashboard/payment/**');
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(`${NAME}, 18 cm / Walnut`);
  const transactionId = await payWithSuccessCard(page, total);

  await page.goto('/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: transactionId });
  await expect(row).toContainText(`1 x ${NAME}, 21 cm / Ebony`);
  await expect(row).toContainText(`1 x ${NAME}, 18 cm / Walnut`);
  await snap(page, 'variant-my-orders', info.project.name);

  // Staff see each line's variant and SKU.
  const adminPage = await (await browser.newContext({ baseURL })).newPage();
  await signIn(adminPage, demo.admin);
  await adminPage.goto('/dashboard/allOrders');
  await searchGrid(adminPage, demo.customer.email);
  await adminPage.getByRole('button', { name: `2 lines: order ${orderId}` }).click();
  const lines = adminPage.getByRole('table', { name: 'Order lines' });
  await expect(lines.getByRole('row').filter({ hasText: `${NAME}, 21 cm / Ebony` })).toContainText(ebony21.sku);
  await expect(lines.getByRole('row').filter({ hasText: `${NAME}, 18 cm / Walnut` })).toContainText(variants.get('18 cm / Walnut')!.sku);
  await adminPage.context().close();
});

test('the picker works with the keyboard alone, on the purchase page and on a card, and is axe-clean', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demo.customer);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await page.goto(`/purchase/${productId}`);
  const eighteen = radio(page, 'Blade length', '18 cm');
  await expect(eighteen).toBeChecked();
  await expectNoSeriousAxeViolations(page, 'the purchase page with options');

  // Tab enters a group at its chosen value; the arrows choose within it.
  await tabTo(page, eighteen);
  await page.keyboard.press('ArrowRight');
  await expect(radio(page, 'Blade length', '21 cm')).toBeChecked();
  await expect(radio(page, 'Blade length', '21 cm')).toBeFocused();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('$210.00');
  await page.keyboard.press('Tab');
  await expect(radio(page, 'Handle', 'Walnut')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(radio(page, 'Handle', 'Ebony')).toBeChecked();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('$240.00');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${variants.get('21 cm / Ebony')!.id}$`));
  const add = page.getByRole('button', { name: `Add to cart: ${NAME}, 21 cm / Ebony` });
  await tabTo(page, add, 20);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to cart')).toBeVisible();

  // A card opens its options on demand; the same keys choose there.
  await page.goto(`/products?q=${encodeURIComponent(NAME)}`);
  const options = page.getByRole('button', { name: `Choose options: ${NAME}` });
  await tabTo(page, options, 80);
  await page.keyboard.press('Enter');
  await expect(options).toHaveAttribute('aria-expanded', 'true');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: NAME }) });
  await expect(card.getByRole('radio', { name: '18 cm' })).toBeChecked();
  await expect(card).toContainText('Price: $170.00');
  await tabTo(page, card.getByRole('radio', { name: '18 cm' }), 10);
  await page.keyboard.press('ArrowRight');
  await expect(card).toContainText('Price: $210.00');
  await expect(card.getByRole('link', { name: `Buy Now: ${NAME}` })).toHaveAttribute(
    'href',
    `/purchase/${productId}?variant=${variants.get('21 cm / Walnut')!.id}`,
  );
  await expectNoSeriousAxeViolations(page, 'a card with its options open');
  await tabTo(page, card.getByRole('button', { name: `Add to cart: ${NAME}, 21 cm / Walnut` }), 10);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Cart (2 items)' })).toBeVisible();
});
