import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, gql, payWithSuccessCard, searchGrid, signIn, snap, tabTo } from './support';

const CHEF = 'Damascus Chef Knife 8"';
const SANTOKU = 'Engraved Santoku 7"';
const BUSHCRAFT = 'Bushcraft Fixed Blade';

interface Product {
  id: string;
  name: string;
  price: number;
  engravingPrice: number;
}

async function products(baseURL: string): Promise<Map<string, Product>> {
  const { products: list } = await gql<{ products: { items: Product[] } }>(
    baseURL,
    '{ products(options: { take: 100 }) { items { id name price engravingPrice } } }',
    {},
  );
  return new Map(list.items.map((p) => [p.name, p]));
}

async function expectNoSeriousAxeViolations(page: Page, where: string) {
  // A button that has just been enabled fades in its colours: check them once the fade is over
  // (a fade replaced by another is cancelled, and its promise rejects).
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

/** Adds a product from the products page, as it is (its minimum quantity, no engraving). */
async function addFromProductsPage(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name.split(' ')[0])}`);
  await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
}

test('two knives (one engraved) in the cart, a quantity changed, one removed, checked out and paid; both lines in My Orders and All Orders', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const catalogue = await products(baseURL!);
  const santoku = catalogue.get(SANTOKU)!;
  const chef = catalogue.get(CHEF)!;

  await signIn(page, demo.customer);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  // The purchase page adds the quantity and engraving chosen there.
  await page.goto(`/purchase/${santoku.id}`);
  await page.getByLabel('Engraving text').pressSequentially('AB');
  await page.getByLabel('Font').selectOption('serif');
  await page.getByRole('button', { name: `Add to cart: ${SANTOKU}` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await addFromProductsPage(page, CHEF);
  await addFromProductsPage(page, BUSHCRAFT);
  await expect(page.getByRole('link', { name: 'Cart (3 items)' })).toBeVisible();
  await page.getByRole('button', { name: 'View cart' }).last().click();

  await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
  await expect(page.getByText('AB', { exact: true })).toBeVisible();
  await page.getByLabel(`Quantity for ${CHEF}`).fill('2');
  await expect(page.getByRole('link', { name: 'Cart (4 items)' })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${BUSHCRAFT}` }).click();
  await expect(page.getByRole('link', { name: 'Cart (3 items)' })).toBeVisible();
  // The toast's Undo puts the line back; removing it again leaves two lines.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: 'Cart (4 items)' })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${BUSHCRAFT}` }).click();
  await expect(page.getByRole('link', { name: 'Cart (3 items)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  const total = 2 * chef.price + santoku.price + santoku.engravingPrice;
  await expect(page.getByText(`Subtotal: $${total}`)).toBeVisible();
  // The cart survives a reload.
  await page.reload();
  await expect(page.getByText(`Subtotal: $${total}`)).toBeVisible();
  await snap(page, 'cart', info.project.name);

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(demo.customer.email);
  // Over the standard method's free threshold: the demo's US shipping is free, no tax.
  await expect(page.getByRole('region', { name: 'Order totals' })).toContainText(
    new RegExp(`Shipping – Standard \\(US\\)FreeTotal\\$${total}\\.00`),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL('**/dashboard/payment/**');
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Pay for your order of 2 knives' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order lines' })).toContainText(SANTOKU);
  await expect(page.getByRole('link', { name: 'Cart (0 items)' })).toBeVisible();
  const transactionId = await payWithSuccessCard(page, total);

  await page.goto('/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: transactionId });
  await expect(row).toContainText(`2 x ${CHEF}`);
  await expect(row).toContainText(`1 x ${SANTOKU}`);

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, demo.admin);
  await adminPage.goto('/dashboard/allOrders');
  await searchGrid(adminPage, demo.customer.email);
  await adminPage.getByRole('button', { name: `2 lines: order ${orderId}` }).click();
  const lines = adminPage.getByRole('table', { name: 'Order lines' });
  await expect(lines).toContainText(CHEF);
  await expect(lines).toContainText(SANTOKU);
  await expect(adminPage.getByRole('dialog').getByRole('region', { name: 'Order totals' })).toContainText(`Total$${total}`);
  await adminPage.context().close();
});

test('the cart and checkout work with the keyboard alone and are axe-clean', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demo.customer);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/cart (empty)');
  // Found by search, added with Tab and Enter.
  await page.goto(`/products?q=${encodeURIComponent(BUSHCRAFT.split(' ')[0])}`);
  const add = page.getByRole('button', { name: `Add to cart: ${BUSHCRAFT}` });
  await expect(add).toBeVisible();
  await tabTo(page, add, 80);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByLabel(`Quantity for ${BUSHCRAFT}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await expectNoSeriousAxeViolations(page, '/cart');

  // Tab to the quantity field, type, then Tab on to Checkout and press Enter.
  await tabTo(page, page.getByLabel(`Quantity for ${BUSHCRAFT}`), 80);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2');
  await expect(page.getByRole('link', { name: 'Cart (2 items)' })).toBeVisible();
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await tabTo(page, checkout, 10);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await expectNoSeriousAxeViolations(page, '/checkout');
  const place = page.getByRole('button', { name: 'Place order' });
  await tabTo(page, place, 20);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/payment/**');
  await expect(page.getByRole('heading', { name: `Pay for ${BUSHCRAFT}` })).toBeVisible();
});

test('a signed-out visitor fills the cart, checks out as a guest or signs in there instead and comes back to the checkout', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await addFromProductsPage(page, BUSHCRAFT);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL('**/checkout');
  await expect(page.getByText('Checking out as a guest')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in instead' }).click();
  await page.waitForURL('**/login');
  // The login page loads after the address changes: the checkout's own Email field must be gone first.
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await page.getByLabel(/email/i).fill(demo.customer.email);
  await page.getByLabel(/^password/i).fill(demo.customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/checkout');
  await expect(page.getByLabel('Email')).toHaveValue(demo.customer.email);
});
