import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, gql, placeOrderViaApi, signIn, tabTo } from './support';

/**
 * Every page, signed out, as a customer and as an admin: one <h1>, a page title, and no serious or
 * critical axe-core violation (one axe check per page, after its data has loaded).
 */
async function checkPage(page: Page, path: string, ready?: (page: Page) => Locator) {
  await test.step(path, async () => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('progressbar', { name: /^Loading/ })).toHaveCount(0);
    if (ready) await expect(ready(page).first()).toBeVisible();
    await expect(page).toHaveTitle(/ \| Keen$/);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        help: violation.help,
        where: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
    expect.soft(serious, `axe on ${path}`).toEqual([]);
  });
}

async function firstProductId(baseURL: string): Promise<string> {
  const { products } = await gql<{ products: { items: { id: string }[] } }>(
    baseURL,
    '{ products(options: { take: 1 }) { items { id } } }',
    {},
  );
  return products.items[0].id;
}

test('signed out: home, products with a search, a product page, a collection, reviews, blogs, portfolio, contact, login, signup, not-found', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await checkPage(page, '/', (p) => p.getByRole('link', { name: /^Buy Now: / }));
  await checkPage(page, '/products?q=knife&sort=price_asc&inStock=1', (p) => p.getByRole('link', { name: /^Buy Now: / }));
  await checkPage(page, '/products?q=zweihander', (p) => p.getByText('No products match'));
  await checkPage(page, '/products?collection=outdoor', (p) => p.getByRole('link', { name: /^Buy Now: / }));
  await checkPage(page, '/products/engraved-santoku-7', (p) => p.getByRole('button', { name: /^Add to cart/ }));
  await checkPage(page, '/collections/kitchen', (p) => p.getByRole('link', { name: /^Buy Now: / }));
  await checkPage(page, '/reviews', (p) => p.getByText(/Damascus chef knife arrived razor sharp/));
  await checkPage(page, '/blogs');
  await checkPage(page, '/myPortfolio');
  await checkPage(page, '/contactus');
  await checkPage(page, '/login');
  await checkPage(page, '/signup');
  await checkPage(page, '/no/such/page');
});

test('as a customer: purchase, every dashboard page and the payment page', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const order = await placeOrderViaApi(baseURL!, demo.customer);
  const productId = await firstProductId(baseURL!);
  await signIn(page, demo.customer);
  await checkPage(page, `/purchase/${productId}`, (p) => p.getByRole('button', { name: 'Place Order' }));
  await checkPage(page, '/dashboard', (p) => p.getByLabel('Name'));
  await checkPage(page, '/dashboard/review', (p) => p.getByLabel('Give Ratings'));
  await checkPage(page, '/dashboard/myOrders', (p) => p.getByText(order.name));
  await checkPage(page, `/dashboard/payment/${order.id}`, (p) => p.getByText(`Pay for ${order.name}`));
});

test('as an admin: every admin grid and form', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const productId = await firstProductId(baseURL!);
  await signIn(page, demo.admin);
  await checkPage(page, '/dashboard', (p) => p.getByLabel('Name'));
  await checkPage(page, '/dashboard/allOrders', (p) => p.getByRole('grid'));
  await checkPage(page, '/dashboard/addProduct', (p) => p.getByLabel('Product Name'));
  await checkPage(page, '/dashboard/manageProducts', (p) => p.getByRole('grid'));
  await checkPage(page, '/dashboard/users', (p) => p.getByRole('grid'));
  await checkPage(page, '/dashboard/collections', (p) => p.getByRole('table', { name: 'Collections' }));
  await checkPage(page, '/dashboard/overview');
  await checkPage(page, '/dashboard/apiKeys', (p) => p.getByRole('button', { name: 'Create API key' }));
  await checkPage(page, '/dashboard/webhooks', (p) => p.getByRole('button', { name: 'Add endpoint' }));
  await checkPage(page, `/updateProduct/${productId}`, (p) => p.getByLabel('Price', { exact: true }));
});

test('form errors are tied to their fields', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await email.focus();
  await page.keyboard.press('Tab');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/.+/);
});

async function expectVisibleFocus(target: Locator) {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.outline).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

test('keyboard only: from the home page to a placed order, and the toast is announced', async ({ page }) => {
  await signIn(page, demo.customer);
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Buy Now: / }).first()).toBeVisible();

  // The first Tab reaches "Skip to content", which jumps past the navbar.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const buy = page.getByRole('link', { name: /^Buy Now: / }).first();
  const productName = (await buy.getAttribute('aria-label'))!.replace('Buy Now: ', '');
  // Each card offers its product page's link, then its Add to cart and Buy Now.
  await tabTo(page, buy, 12);
  await expectVisibleFocus(buy);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/purchase\//);
  await expect(page.getByLabel('Product Name')).toHaveValue(productName);

  // The customer's default address is chosen and its shipping priced: Tab reaches Place Order.
  await expect(page.getByRole('radiogroup', { name: 'Deliver to' }).getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page.getByRole('radiogroup', { name: 'Shipping method' })).toBeVisible();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await tabTo(page, placeOrder, 20);
  await expectVisibleFocus(placeOrder);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: 'Order Placed' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(page.getByText(productName).first()).toBeVisible();
});
