import { expect, test } from '@playwright/test';
import { demo, payWithSuccessCard, placeOrderViaApi, searchGrid, signIn } from './support';

/** A mail as the catcher's HTTP API (maildev 3: GET /api/email) lists it. */
interface InboxMail {
  subject: string;
  to: { address: string }[];
  text: string;
}

/** The catcher that `npm start` runs for this run (frontend/e2e/run.mjs passes its web address). */
async function inbox(): Promise<InboxMail[]> {
  const response = await fetch(`${process.env.E2E_MAIL_INBOX_URL}/api/email`);
  expect(response.ok).toBe(true);
  return (await response.json()) as InboxMail[];
}

/** Waits until the inbox holds a mail with this subject for this address, and answers it. */
async function mailTo(address: string, subject: string): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox()).find((mail) => mail.subject === subject && mail.to.some((to) => to.address === address));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

test('buying, paying and shipping with a tracking number send the order e-mails to the local inbox', async ({ page, baseURL }) => {
  const order = await placeOrderViaApi(baseURL!, demo.customer);
  const short = order.id.slice(0, 8);
  await signIn(page, demo.customer);
  await page.goto(`/dashboard/payment/${order.id}`);
  await expect(page.getByText(`Order #${short}`)).toBeVisible();
  const transactionId = await payWithSuccessCard(page, order.totalPrice);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await signIn(page, demo.admin);
  await page.goto('/dashboard/allOrders');
  await searchGrid(page, order.name);
  const row = page.getByRole('row').filter({ hasText: transactionId });
  await expect(row).toContainText(`#${short}`);
  await row.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order #${short}` });
  await dialog.getByLabel('Carrier (optional)').fill('DHL');
  await dialog.getByLabel('Tracking number (optional)').fill('JD014600001234');
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText('Status is updated')).toBeVisible();
  await expect(row).toContainText('Shipped');

  const received = await mailTo(demo.customer.email, `Keen order received: #${short}`);
  expect(received.text).toContain(`/dashboard/payment/${order.id}`);
  const receipt = await mailTo(demo.customer.email, `Keen payment received: #${short}`);
  expect(receipt.text).toContain(transactionId);
  expect(receipt.text).toContain(order.name);
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  await mailTo(demo.admin.email, `New paid order #${short}: ${usd.format(order.totalPrice)}`);
  const shipped = await mailTo(demo.customer.email, `Your Keen order has shipped: #${short}`);
  expect(shipped.text).toContain('Tracking number: JD014600001234');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await signIn(page, demo.customer);
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('row').filter({ hasText: `#${short}` })).toContainText('Tracking: DHL JD014600001234');
});
