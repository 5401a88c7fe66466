import { expect, type Page, test } from '@playwright/test';
import { demo, placeOrderViaApi, signIn, snap } from './support';

const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Pays with Stripe's test card that always asks for 3-D Secure; answers the challenge dialog. */
async function payWithAuthenticationCard(page: Page) {
  await page.getByLabel('Card number').fill('4000 0027 6000 3184');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await expect(challenge).toBeVisible();
  await expect(challenge).toContainText('This is a test authentication');
  await expect(page.getByText('Your payment is completed')).toHaveCount(0);
  return challenge;
}

test.describe('3-D Secure with the offline test provider', () => {
  test('4000 0027 6000 3184 asks for authentication; Complete pays the order', async ({ page, baseURL }, info) => {
    const order = await placeOrderViaApi(baseURL!, demo.customer);
    await signIn(page, demo.customer);
    await page.goto(`/dashboard/payment/${order.id}`);
    const challenge = await payWithAuthenticationCard(page);
    await snap(page, 'payment-3ds-challenge', info.project.name);
    await challenge.getByRole('button', { name: 'Complete' }).click();
    await expect(challenge).toHaveCount(0);
    await expect(page.getByText('Your payment is completed')).toBeVisible();
    const transactionId = (await page.getByText(/Your transaction id : pi_/).textContent())!.replace('Your transaction id : ', '').trim();
    await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled();

    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('row').filter({ hasText: transactionId })).toContainText('Paid');

    // The return page asks the server, which has the order paid.
    await page.goto(`/payment/return?order=${order.id}&redirect_status=failed`);
    await expect(page.getByText('Your payment is completed')).toBeVisible();
  });

  test("Fail shows Stripe's message under the card; the order stays unpaid and takes another card", async ({ page, baseURL }) => {
    const order = await placeOrderViaApi(baseURL!, demo.customer);
    await signIn(page, demo.customer);
    await page.goto(`/dashboard/payment/${order.id}`);
    const challenge = await payWithAuthenticationCard(page);
    await challenge.getByRole('button', { name: 'Fail' }).click();
    await expect(challenge).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText(AUTHENTICATION_FAILED);
    await expect(page.getByText('Your payment is completed')).toHaveCount(0);

    // The return page, reached with a made-up success in the address, still says the payment failed.
    await page.goto(`/payment/return?order=${order.id}&redirect_status=succeeded`);
    await expect(page.getByRole('alert')).toHaveText('Your payment did not go through, and nothing was charged.');
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${order.id}$`));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Your payment is completed')).toBeVisible();
  });

  test('4000 0000 0000 9995 is refused for insufficient funds, without a challenge', async ({ page, baseURL }) => {
    const order = await placeOrderViaApi(baseURL!, demo.customer);
    await signIn(page, demo.customer);
    await page.goto(`/dashboard/payment/${order.id}`);
    await page.getByLabel('Card number').fill('4000 0000 0000 9995');
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
