import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, gql, offline, payWithSuccessCard, searchGrid, signIn } from './support';

const PRODUCT = 'Damascus Chef Knife 8"';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test('a shopper buys an engraved knife with a gift message and a note to the workshop; the admin sees both, on the gift slip and the engraving sheet', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await offline(page.context(), baseURL!);
  const stamp = Date.now().toString(36);
  const gift = `Happy birthday Sam, love from Ada ${stamp}`;
  const note = `Please hone the edge twice ${stamp}`;
  const { products } = await gql<{
    products: { items: { id: string; name: string; price: number; minimumQuantity: number; engravingPrice: number }[] };
  }>(
    baseURL!,
    'query($search: String) { products(options: { search: $search }) { items { id name price minimumQuantity engravingPrice } } }',
    { search: 'Damascus Chef' },
  );
  const product = products.items.find((item) => item.name === PRODUCT)!;
  const total = product.minimumQuantity * (product.price + product.engravingPrice);

  await signIn(page, demo.customer);
  await page.goto(`/purchase/${product.id}`);
  await page.getByLabel('Engraving text').pressSequentially('For Sam');
  const giftField = page.getByRole('textbox', { name: 'Gift message (optional)' });
  await giftField.fill('x'.repeat(301));
  await expect(page.getByText('Gift message must be at most 300 characters · 301 / 300')).toBeVisible();
  await giftField.fill(gift);
  await expect(page.getByText(`${gift.length} / 300`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Note to the workshop (optional)' }).fill(note);
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed')).toBeVisible();
  await page.waitForURL('**/dashboard/myOrders');
  await page.getByRole('row').filter({ hasText: 'For Sam' }).first().getByRole('link', { name: 'Pay' }).click();
  const transactionId = await payWithSuccessCard(page, total);

  const adminContext = await browser.newContext({ baseURL });
  await offline(adminContext, baseURL!);
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin);
  await admin.goto('/dashboard/allOrders');
  await searchGrid(admin, PRODUCT);
  const orderRow = admin.getByRole('row').filter({ hasText: transactionId });
  await orderRow.getByRole('button', { name: /line: order/ }).click();
  const panel = admin.getByRole('dialog');
  await expect(panel.getByRole('region', { name: 'Gift message' })).toContainText(gift);
  await expect(panel.getByRole('region', { name: 'Note to the workshop' })).toContainText(note);
  await expectAxeClean(admin);

  await panel.getByRole('link', { name: 'Print gift slip' }).click();
  await admin.waitForURL('**/giftSlip/**');
  const orderId = admin.url().split('/').pop()!;
  await expect(admin.getByRole('heading', { name: 'Gift slip' })).toBeVisible();
  await expect(admin.getByRole('note', { name: 'Gift message' })).toHaveText(gift);
  await expect(admin.getByRole('table', { name: 'Gift contents' })).toContainText(PRODUCT);
  // No price anywhere on the slip.
  await expect(admin.locator('body')).not.toContainText('$');
  await expect(admin.locator('body')).not.toContainText(note);
  await expectAxeClean(admin);

  await admin.goto(`/engravingSheet/${orderId}`);
  await expect(admin.getByRole('heading', { name: 'Engraving sheet' })).toBeVisible();
  await expect(admin.getByRole('note', { name: 'Note to the workshop' })).toContainText(note);
  await expect(admin.getByRole('img', { name: 'Engraving preview' })).toContainText('For Sam');
  await expectAxeClean(admin);
  await adminContext.close();
});
