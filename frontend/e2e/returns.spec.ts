import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, gql, idToken, payViaApi, placeOrderViaApi, signIn, verifiedAccount } from './support';

async function expectAxeClean(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test('a customer returns a delivered knife from My Orders; an admin approves, receives it back to stock and refunds it in part, delivery kept; axe clean', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await verifiedAccount('return-shopper', 'Ret Urner');
  // Every demo knife is age-restricted: the new customer passes the age check first, as an adult would.
  await gql(
    baseURL!,
    'mutation($input: VerifyAgeInput!) { verifyAge(input: $input) { status } }',
    { input: { fullName: 'Ret Urner', dateOfBirth: '1985-03-02', declaration: true } },
    await idToken(customer),
  );
  const order = await placeOrderViaApi(baseURL!, customer);
  await payViaApi(baseURL!, customer, order.id);
  // Shipped (with an age-verified handover, as a blade may need) and delivered: the admin's part, through the API.
  const admin = await idToken(demo.admin);
  await gql(
    baseURL!,
    'mutation($id: ID!) { markShipped(id: $id, tracking: { ageVerifiedDelivery: true }) { id } }',
    { id: order.id },
    admin,
  );
  await gql(baseURL!, 'mutation($id: ID!) { markDelivered(id: $id) { id } }', { id: order.id }, admin);

  await signIn(page, customer);
  await page.goto('/dashboard/myOrders');
  await page.getByRole('button', { name: /^Return items of order #/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Return items of order #/ });
  await expect(dialog.getByText(/Our return policy \(within 30 days of delivery\)/)).toBeVisible();
  await dialog.getByRole('spinbutton', { name: /^Units of / }).fill('1');
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Faulty' }).click();
  await dialog.getByRole('textbox', { name: /What is wrong/ }).fill('The edge is chipped');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Request return' }).click();
  const requested = page.getByText(/^Return RMA-\d{4}-\d{6} requested: waiting for our answer$/);
  await expect(requested).toBeVisible();
  const rma = (await requested.textContent())!.match(/RMA-\d{4}-\d{6}/)![0];

  const adminContext = await browser.newContext({ baseURL });
  const staff = await adminContext.newPage();
  await signIn(staff, demo.admin);
  await staff.goto('/dashboard/returns');
  await staff.getByRole('button', { name: `Approve ${rma}` }).click();
  await staff.getByRole('button', { name: `Receive ${rma}` }).click();
  const receive = staff.getByRole('dialog', { name: `Receive return ${rma}` });
  await receive.getByRole('checkbox', { name: /^Back to stock: / }).check();
  await expectAxeClean(staff);
  await receive.getByRole('button', { name: 'Receive' }).click();
  await staff.getByRole('button', { name: `Refund ${rma}` }).click();
  const refund = staff.getByRole('dialog', { name: `Refund return ${rma}` });
  await expect(refund.getByRole('checkbox', { name: 'Refund the delivery price too' })).not.toBeChecked();
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(staff.getByRole('row', { name: new RegExp(rma) }).getByText('Refunded')).toBeVisible();
  await adminContext.close();

  await page.reload();
  await expect(page.getByText(`Return ${rma} refunded`)).toBeVisible();
  await expect(page.getByText(/^Refunded: \$/)).toBeVisible();
});
