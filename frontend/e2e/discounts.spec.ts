import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { demo, gql, idToken, signIn, verifiedAccount } from './support';

const CHEF = 'Damascus Chef Knife 8"';

test('a shopper applies a discount code at checkout and sees the total fall; a refused code says why; the page stays axe clean', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const code = `SAVE${Date.now().toString(36).toUpperCase()}`;
  const admin = await idToken(demo.admin);
  await gql(
    baseURL!,
    'mutation($input: DiscountInput!) { createDiscount(input: $input) { id } }',
    { input: { code, kind: 'PERCENT', value: 10 } },
    admin,
  );
  const shopper = await verifiedAccount('discount-shopper', 'Dee Scount');
  await gql(
    baseURL!,
    'mutation($input: AddressInput!) { saveAddress(input: $input) { id } }',
    {
      input: {
        name: 'Dee Scount',
        line1: '1 Market St',
        city: 'San Francisco',
        region: 'CA',
        postalCode: '94103',
        country: 'US',
        phone: '+1 415 555 0100',
      },
    },
    await idToken(shopper),
  );

  await signIn(page, shopper);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await page.goto(`/products?q=${encodeURIComponent('Damascus')}`);
  await page.getByRole('button', { name: `Add to cart: ${CHEF}` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();

  const totals = page.getByRole('region', { name: 'Order totals' });
  const totalRow = totals.locator('dd').last();
  await expect(totalRow).toHaveText(/\$/);
  const before = Math.round(Number((await totalRow.innerText()).replace(/[^0-9.]/g, '')) * 100);

  const field = page.getByRole('textbox', { name: 'Discount code' });
  await field.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply discount code' }).click();
  await expect(page.getByText('There is no code NOSUCHCODE')).toBeVisible();

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply discount code' }).click();
  await expect(page.getByText(`Discount code ${code} applied`)).toBeVisible();
  // The label is the code as the shopper typed it (matched whatever the case).
  await expect(totals).toContainText(`Discount – ${code.toLowerCase()}`);
  await expect.poll(async () => Math.round(Number((await totalRow.innerText()).replace(/[^0-9.]/g, '')) * 100)).toBeLessThan(before);
  await expect(totals).toContainText('−');

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
});
