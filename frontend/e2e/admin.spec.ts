import { expect, test } from '@playwright/test';
import { demo, gql, idToken, payViaApi, placeOrderViaApi, searchGrid, signIn, snap, tinyPng, uniqueEmail } from './support';

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

test('an admin adds a product with a photo and it appears in the store', async ({ page }, info) => {
  const name = `Engraved Dagger ${Date.now()}`;
  await signIn(page, demo.admin);
  await page.goto('/dashboard/addProduct');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Name is Required')).toBeVisible();

  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('A slim dagger with a hand-engraved crest.');
  await page.getByLabel('Price', { exact: true }).fill('120');
  await page.getByLabel('Quantity', { exact: true }).fill('12');
  await page.getByLabel('Minimum Quantity').fill('1');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Only JPEG, PNG and WebP images can be uploaded')).toBeVisible();
  await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'dagger.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByAltText('Photo preview')).toBeVisible();
  await snap(page, 'admin-add-product', info.project.name);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(`${name} have been added`)).toBeVisible();

  await page.goto('/products');
  const card = page.getByRole('link', { name: `Buy Now: ${name}` });
  await expect(card).toBeVisible();
  const image = page.getByRole('img', { name }).first();
  await expect(image).toHaveAttribute('src', /\/uploads\//);
  const src = await image.getAttribute('src');
  expect((await page.request.get(src!)).status()).toBe(200);
});

test('an admin ships a paid order and the customer sees it Shipped', async ({ page, baseURL }, info) => {
  const order = await placeOrderViaApi(baseURL!, demo.customer);
  const transactionId = await payViaApi(baseURL!, demo.customer, order.id);

  await signIn(page, demo.admin);
  await page.goto('/dashboard/allOrders');
  await searchGrid(page, order.name);
  const row = page.getByRole('row').filter({ hasText: transactionId });
  await expect(row).toBeVisible();
  await snap(page, 'admin-all-orders', info.project.name);
  await row.getByRole('button', { name: 'Ship' }).click();
  await page
    .getByRole('dialog', { name: /^Ship order #/ })
    .getByRole('button', { name: 'Ship' })
    .click();
  await expect(page.getByText('Status is updated')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Ship' })).toHaveCount(0);
  await expect(row).toContainText('Shipped');
  await row.getByRole('button', { name: `History of ${order.name}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${order.name}` });
  await expect(history).toContainText('Placed: Awaiting payment');
  await expect(history).toContainText('Awaiting payment → Paid');
  await expect(history).toContainText('Paid → Shipped');
  await history.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Signed out for good (Firebase has forgotten the user) before the next page loads.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await signIn(page, demo.customer);
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('row').filter({ hasText: transactionId })).toContainText('Shipped');
});

test("an admin lowers an unpaid order's price; the grid and the customer's payment page show the new total", async ({
  page,
  baseURL,
}, info) => {
  const order = await placeOrderViaApi(baseURL!, demo.customer);
  const placed = await gql<{ order: { totals: { total: { amount: number } } } }>(
    baseURL!,
    'query($id: ID!) { order(id: $id) { totals { total { amount } } } }',
    { id: order.id },
    await idToken(demo.customer),
  );
  // The demo's United States charge no tax, so the total loses exactly what the admin takes off.
  const newTotal = usd(placed.order.totals.total.amount - 1000);
  const shortId = order.id.slice(0, 8);

  await signIn(page, demo.admin);
  await page.goto('/dashboard/allOrders');
  await searchGrid(page, order.name);
  const row = page.getByRole('row').filter({ hasText: `#${shortId}` });
  await row.getByRole('button', { name: `Adjust price of ${order.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust price of order #${shortId}` });
  await expect(dialog.getByRole('radio', { name: 'Lower the price' })).toBeChecked();
  await dialog.getByRole('textbox', { name: /^Amount/ }).fill('10.00');
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Shipped a week late');
  await dialog.getByRole('textbox', { name: 'Label shown to the customer' }).fill('Sorry for the wait');
  await expect(dialog.getByRole('region', { name: 'Total before and after' })).toContainText(newTotal);
  await snap(page, 'admin-adjust-price', info.project.name);
  await dialog.getByRole('button', { name: 'Adjust price' }).click();
  await expect(page.getByText(`Price adjusted: the total is now ${newTotal}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(newTotal);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await signIn(page, demo.customer);
  await page.goto(`/dashboard/payment/${order.id}`);
  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totals).toContainText('Sorry for the wait');
  await expect(totals).toContainText('−$10.00');
  await expect(page.getByText(`Please pay : ${newTotal}`)).toBeVisible();
});

test('an admin makes a customer an admin and removes it again', async ({ page }, info) => {
  // A customer who has signed in once, so that the shop knows them.
  const customer = { email: uniqueEmail('promoted'), password: 'sharp-edges-1' };
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('Promoted Person');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Address').fill('3 Rivet Row');
  await page.getByLabel('Contact Number').fill('0123456789');
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm Password').fill(customer.password);
  await page.getByLabel('Accepct terms and conditions').check();
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Promoted Person you have been registered')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // Signed out for good (Firebase has forgotten the user) before the next page loads.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await signIn(page, demo.admin);
  await page.goto('/dashboard/users');
  await searchGrid(page, customer.email);
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('Successfully made an admin')).toBeVisible();
  await expect(row).toContainText('Admin');
  await snap(page, 'admin-users', info.project.name);
  await row.getByRole('button', { name: 'Remove Admin' }).click();
  // Removing asks first, and says what happens to the API keys they created.
  const confirmation = page.getByRole('dialog', { name: 'Remove admin rights?' });
  await expect(confirmation).toContainText('They have no active API keys.');
  await confirmation.getByRole('button', { name: 'Remove Admin' }).click();
  await expect(page.getByText('Successfully removed admin')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeVisible();
});

test('a customer who opens an admin page is signed out and sent to /login', async ({ page }) => {
  await signIn(page, demo.customer);
  await page.goto('/dashboard/allOrders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

test('the overview charts sales for an admin', async ({ page }, info) => {
  await signIn(page, demo.admin);
  await page.goto('/dashboard/overview');
  await expect(page.getByText('Paid vs unpaid orders')).toBeVisible();
  await snap(page, 'admin-overview', info.project.name);
});
