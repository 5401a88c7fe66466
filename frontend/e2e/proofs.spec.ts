import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, gql, idToken, offline, payWithSuccessCard, searchGrid, signIn, tinyPng } from './support';

/** In the dashboard: opens the order's proofs, attaches a photo of the test engraving and sends the next version. */
async function sendProof(admin: Page, productName: string, note: string): Promise<void> {
  await admin.goto('/dashboard/allOrders');
  await searchGrid(admin, productName);
  const row = admin.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText('Awaiting proof');
  await row.getByRole('button', { name: /^Proofs of order #/ }).click();
  const dialog = admin.getByRole('dialog', { name: /^Engraving proofs of order #/ });
  await dialog.getByLabel('Proof photo').setInputFiles({ name: 'test-engraving.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(dialog.getByRole('img', { name: 'Proof photo 1' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Note to the customer' }).fill(note);
  await dialog.getByRole('button', { name: 'Send proof' }).click();
  await expect(admin.getByText('Proof sent: the customer has it by e-mail')).toBeVisible();
}

test('a shopper buys an engraved made-to-order knife, asks for a change to its proof with a corrected text, approves the second version, and staff ship it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await offline(page.context(), baseURL!);
  const stamp = Date.now().toString(36);
  const name = `Proofed Gyuto ${stamp}`;
  // A new engravable product asks for a proof unless the shop turns it off.
  const { createProduct } = await gql<{ createProduct: { id: string; proofRequired: boolean } }>(
    baseURL!,
    'mutation($input: ProductInput!) { createProduct(input: $input) { id proofRequired } }',
    {
      input: {
        name,
        description: 'Forged to order and engraved after your approval',
        priceAmount: 24000,
        quantity: 0,
        minimumQuantity: 1,
        img: '/images/santoku.svg',
        ageRestricted: false,
        engravable: true,
        engravingMaxLength: 20,
        engravingAmount: 1500,
        madeToOrderMinDays: 10,
        madeToOrderMaxDays: 15,
      },
    },
    await idToken(demo.admin),
  );
  expect(createProduct.proofRequired).toBe(true);

  await signIn(page, demo.customer);
  await page.goto(`/purchase/${createProduct.id}`);
  await expect(page.getByText(/^Made to order: ships in 2-3 weeks\. Ships between .+ if you order today\.$/)).toBeVisible();
  await page.getByLabel('Engraving text').pressSequentially('For Sam');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed')).toBeVisible();
  await page.waitForURL('**/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(/^Ships between /)).toBeVisible();
  await row.getByRole('link', { name: 'Pay' }).click();
  await payWithSuccessCard(page, 255);

  const adminContext = await browser.newContext({ baseURL });
  await offline(adminContext, baseURL!);
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin);
  // Nothing ships before the proof is approved: the grid's next step is the proof.
  await admin.goto('/dashboard/allOrders');
  await searchGrid(admin, name);
  await expect(admin.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Ship' })).toHaveCount(0);
  await sendProof(admin, name, 'Left face of the blade, 6 mm high');

  await page.goto('/dashboard/myOrders');
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('link', { name: /^Engraving proof of order #/ })
    .click();
  await page.waitForURL('**/proof');
  const proof = page.getByRole('region', { name: `Proof for ${name}` });
  await expect(proof.getByRole('img', { name: 'Version 1, photo 1' })).toBeVisible();
  await expect(proof).toContainText('From the workshop: Left face of the blade, 6 mm high');
  await proof.getByRole('button', { name: 'Ask for changes' }).click();
  const changes = page.getByRole('dialog', { name: 'Ask for changes to version 1' });
  await changes.getByRole('textbox', { name: /What should change/ }).fill('Please spell out Sammy');
  await changes.getByRole('textbox', { name: 'Engraving text' }).fill('For Sammy');
  await changes.getByRole('button', { name: 'Send my changes' }).click();
  await expect(page.getByText('Thank you: we will send you the next version.')).toBeVisible();
  await expect(proof).toContainText('You ordered: For Sammy');

  await sendProof(admin, name, 'Now with Sammy');

  await page.reload();
  await expect(proof.getByText('Version 2', { exact: true })).toBeVisible();
  await expect(proof.getByRole('region', { name: `Earlier versions for ${name}` })).toContainText('Please spell out Sammy');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  await proof.getByRole('button', { name: 'Approve version 2' }).click();
  await page.getByRole('dialog', { name: 'Approve version 2?' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Version 2 approved: thank you.')).toBeVisible();
  await expect(proof).toContainText(`Approved by ${demo.customer.email}`);

  await admin.goto('/dashboard/allOrders');
  await searchGrid(admin, name);
  const orderRow = admin.getByRole('row').filter({ hasText: name });
  await expect(orderRow).toContainText('In production');
  await orderRow.getByRole('button', { name: 'Ship' }).click();
  await admin
    .getByRole('dialog', { name: /^Ship order #/ })
    .getByRole('button', { name: 'Ship' })
    .click();
  await expect(admin.getByText('Status is updated')).toBeVisible();
  await expect(orderRow).toContainText('Shipped');
  await adminContext.close();
});
