import { expect, test, type Page } from '@playwright/test';
import { demo, gql, offline, payWithSuccessCard, searchGrid, signIn, snap } from './support';

const PRODUCT = 'Damascus Chef Knife 8"';

/** Waits until the browser has loaded a bundled font and can draw with it. */
async function expectFontLoaded(page: Page, family: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async (name) => {
        await document.fonts.ready;
        return (
          document.fonts.check(`24px "${name}"`) &&
          [...document.fonts].some((face) => face.family.replace(/"/g, '') === name && face.status === 'loaded')
        );
      }, family),
    )
    .toBe(true);
}

test('a customer engraves "For Sam" in the script font, orders and pays; an admin sees it and opens the engraving sheet', async ({
  page,
  browser,
  baseURL,
}, info) => {
  // Every request stays on the machine: the fonts are the shop's own files.
  await offline(page.context(), baseURL!);
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(baseURL!).origin && url.host !== '127.0.0.1:9099') outside.push(request.url());
  });

  const { products } = await gql<{
    products: { items: { id: string; name: string; price: number; minimumQuantity: number; engravingPrice: number }[] };
  }>(
    baseURL!,
    'query($search: String) { products(options: { search: $search }) { items { id name price minimumQuantity engravingPrice } } }',
    { search: 'Damascus Chef' },
  );
  const product = products.items.find((item) => item.name === PRODUCT)!;
  const total = product.minimumQuantity * (product.price + product.engravingPrice);
  expect(product.engravingPrice).toBeGreaterThan(0);

  await signIn(page, demo.customer);
  await page.goto(`/purchase/${product.id}`);
  const preview = page.getByRole('img', { name: 'Engraving preview' });
  await expect(preview).toBeVisible();
  await page.getByLabel('Engraving text').pressSequentially('For Sam');
  await expect(preview).toContainText('For Sam');
  await page.getByLabel('Font').selectOption('script');
  await expect(preview.locator('text[data-font]')).toHaveAttribute('font-family', /Great Vibes/);
  await expectFontLoaded(page, 'Great Vibes');
  await expect(page.getByText(`Total: $${total}`)).toBeVisible();
  await snap(page, 'engraving-purchase', info.project.name);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed')).toBeVisible();
  await page.waitForURL('**/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: 'For Sam' }).first();
  await expect(row).toContainText(PRODUCT);
  await expect(row).toContainText(`$${total}`);
  await row.getByRole('link', { name: 'Pay' }).click();

  await expect(page.getByText('For Sam')).toBeVisible();
  const transactionId = await payWithSuccessCard(page, total);
  expect(outside).toEqual([]);

  // The admin, in a browser of their own.
  const adminContext = await browser.newContext({ baseURL });
  await offline(adminContext, baseURL!);
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin);
  await admin.goto('/dashboard/allOrders');
  await admin.getByRole('combobox', { name: 'Engraving' }).click();
  await admin.getByRole('option', { name: 'Engraved', exact: true }).click();
  await searchGrid(admin, PRODUCT);
  const orderRow = admin.getByRole('row').filter({ hasText: transactionId });
  await expect(orderRow).toContainText('For Sam');
  await snap(admin, 'engraving-all-orders', info.project.name);

  await orderRow.getByRole('link', { name: /Engraving sheet for order/ }).click();
  await admin.waitForURL('**/engravingSheet/**');
  const orderId = admin.url().split('/').pop()!;
  await expect(admin.getByRole('heading', { name: 'Engraving sheet' })).toBeVisible();
  await expect(admin.getByText(orderId)).toBeVisible();
  await expect(admin.getByText('Script (Great Vibes)')).toBeVisible();
  const blade = admin.getByRole('img', { name: 'Engraving preview' });
  await expect(blade).toContainText('For Sam');
  await expect(blade).toHaveAttribute('width', '250mm');
  await expectFontLoaded(admin, 'Great Vibes');
  await snap(admin, 'engraving-sheet', info.project.name);

  // On paper only the sheet remains: no navigation, no buttons.
  await admin.emulateMedia({ media: 'print' });
  await expect(admin.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(admin.getByRole('button', { name: 'Sign Out' })).toBeHidden();
  await expect(blade).toBeVisible();
  await adminContext.close();
});
