import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, gql, idToken, payViaApi, placeOrderViaApi, searchGrid, signIn, verifiedAccount } from './support';

async function expectAxeClean(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test('an admin refunds part of a paid order (delivery kept); the customer downloads the invoice and the credit note; axe clean', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await verifiedAccount('refund-shopper', 'Rae Fund');
  // Every demo knife is age-restricted: the new customer passes the age check first, as an adult would.
  await gql(
    baseURL!,
    'mutation($input: VerifyAgeInput!) { verifyAge(input: $input) { status } }',
    { input: { fullName: 'Rae Fund', dateOfBirth: '1985-03-02', declaration: true } },
    await idToken(customer),
  );
  const order = await placeOrderViaApi(baseURL!, customer);
  await payViaApi(baseURL!, customer, order.id);

  await signIn(page, demo.admin);
  await page.goto('/dashboard/allOrders');
  await searchGrid(page, customer.email);
  await page
    .getByRole('button', { name: /^Refund order #/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Refund order #/ });
  await expect(dialog.getByText(/can be refunded\./)).toBeVisible();
  const delivery = dialog.getByRole('checkbox', { name: /Refund the delivery price/ });
  if (await delivery.count()) await expect(delivery).not.toBeChecked();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('5.00');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Scratch on the handle');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Review refund' }).click();

  const confirmation = page.getByRole('dialog', { name: 'Refund this order?' });
  await expect(confirmation.getByText('Delivery kept')).toBeVisible();
  await expect(confirmation.getByText('$5.00: Scratch on the handle')).toBeVisible();
  await confirmation.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(/^Refunded \$5\.00: credit note KEEN-CN-\d{4}-\d{6}$/)).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Partly refunded' }).first()).toBeVisible();

  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  await signIn(shopper, customer);
  await shopper.goto('/dashboard/myOrders');
  await expect(shopper.getByText('Refunded: $5.00')).toBeVisible();
  const invoice = shopper.waitForEvent('download');
  await shopper.getByRole('button', { name: /^Download invoice KEEN-\d{4}-\d{6}$/ }).click();
  expect((await invoice).suggestedFilename()).toMatch(/^KEEN-\d{4}-\d{6}\.pdf$/);
  const creditNote = shopper.waitForEvent('download');
  await shopper.getByRole('button', { name: /^Credit note KEEN-CN-/ }).click();
  expect((await creditNote).suggestedFilename()).toMatch(/^KEEN-CN-\d{4}-\d{6}\.pdf$/);
  await expectAxeClean(shopper);
  await shopperContext.close();
});
