import { expect, test } from '@playwright/test';
import { demo, payWithSuccessCard, placeOrderViaApi, signIn, snap } from './support';

test.describe('card payment with the offline test provider', () => {
  test('the success card pays the order; My Orders shows Paid with the transaction id', async ({ page, baseURL }, info) => {
    const order = await placeOrderViaApi(baseURL!, demo.customer);
    await signIn(page, demo.customer);
    await page.goto(`/dashboard/payment/${order.id}`);
    await expect(page.getByText(`Pay for ${order.name}`)).toBeVisible();
    const transactionId = await payWithSuccessCard(page, order.totalPrice);
    await snap(page, 'payment-completed', info.project.name);

    await page.goto('/dashboard/myOrders');
    const row = page.getByRole('row').filter({ hasText: transactionId });
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test('a declined card shows the error in red and the order stays unpaid', async ({ page, baseURL }) => {
    const order = await placeOrderViaApi(baseURL!, demo.customer);
    await signIn(page, demo.customer);
    await page.goto(`/dashboard/payment/${order.id}`);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    const error = page.getByText('Your card was declined.');
    await expect(error).toBeVisible();
    expect(await error.evaluate((element) => getComputedStyle(element).color)).toMatch(
      /rgb\((2[0-9]{2}), ([0-9]{1,2}|1[0-9]{2}), ([0-9]{1,2}|1[0-9]{2})\)/,
    );
    await expect(page.getByText('Your payment is completed')).toHaveCount(0);

    await page.goto('/dashboard/myOrders');
    await expect(
      page
        .getByRole('link', { name: 'Pay' })
        .or(page.getByRole('button', { name: 'Pay' }))
        .first(),
    ).toBeVisible();
  });
});
