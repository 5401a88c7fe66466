import { expect, test } from '@playwright/test';
import { demo, gql, idToken, offline, signIn } from './support';

test('a shopper buys a made-to-order knife beyond its stock and sees its ship window on the product page, at the purchase and in My Orders', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await offline(page.context(), baseURL!);
  const stamp = Date.now().toString(36);
  const adminToken = await idToken(demo.admin);
  // Made to order in 10 to 15 working days, none finished on hand.
  const { createProduct } = await gql<{ createProduct: { id: string; slug: string } }>(
    baseURL!,
    'mutation($input: ProductInput!) { createProduct(input: $input) { id slug } }',
    {
      input: {
        name: `Forged Gyuto ${stamp}`,
        description: 'Forged to order in the workshop',
        priceAmount: 24000,
        quantity: 0,
        minimumQuantity: 1,
        img: '/images/santoku.svg',
        ageRestricted: false,
        madeToOrderMinDays: 10,
        madeToOrderMaxDays: 15,
      },
    },
    adminToken,
  );

  await signIn(page, demo.customer);
  await page.goto(`/products/${createProduct.slug}`);
  await expect(page.getByText('Made to order: ships in 2-3 weeks')).toBeVisible();
  const window = page.getByText(/^Ships between .+ if you order today$/);
  await expect(window).toBeVisible();
  const promised = (await window.textContent())!.replace(' if you order today', '');
  await expect(page.getByRole('button', { name: /^Add to cart/ })).toBeEnabled();

  await page.goto(`/purchase/${createProduct.id}`);
  await expect(page.getByText(`Made to order: ships in 2-3 weeks. ${promised} if you order today.`)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed')).toBeVisible();
  await page.waitForURL('**/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: `Forged Gyuto ${stamp}` });
  await expect(row.getByText(promised)).toBeVisible();
});
