import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { demo, gql, idToken, payWithSuccessCard, searchGrid, signIn, verifiedAccount } from './support';

const NOTICE = 'Contains a bladed article. Deliver only into the hands of a person aged 18 or over.';

/** A new customer with a verified e-mail (their order mails are sent) and a UK address as their default. */
async function ukShopper(baseURL: string, name: string) {
  const account = await verifiedAccount('blade-buyer', name);
  const address = { name, line1: '10 Cutlers Walk', city: 'Sheffield', postalCode: 'S1 2HE', country: 'GB', phone: '+44 114 496 0123' };
  await gql(baseURL, 'mutation($input: AddressInput!) { saveAddress(input: $input) { id } }', { input: address }, await idToken(account));
  return account;
}

/** An age-restricted knife of the admin's, made for this test. */
async function bladedKnife(baseURL: string): Promise<{ id: string; name: string }> {
  const name = `Hunting Knife ${Date.now().toString(36)}`;
  const { createProduct } = await gql<{ createProduct: { id: string; name: string } }>(
    baseURL,
    'mutation($input: ProductInput!) { createProduct(input: $input) { id name } }',
    {
      input: {
        name,
        description: 'A fixed blade for the field',
        priceAmount: 14900,
        quantity: 10,
        minimumQuantity: 1,
        img: '/images/bushcraft.svg',
        ageRestricted: true,
      },
    },
    await idToken(demo.admin),
  );
  return createProduct;
}

async function expectAxeClean(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

test('a UK shopper passes the age check for a blade and pays; the admin prints the packing slip and ships it only age-verified; the shipped mail asks for an adult', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const knife = await bladedKnife(baseURL!);
  const shopper = await ukShopper(baseURL!, 'Alex Forge');

  await signIn(page, shopper);
  await page.goto(`/purchase/${knife.id}`);
  const step = page.getByRole('region', { name: 'Age check' });
  await expect(step).toBeVisible();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeDisabled();
  await expectAxeClean(page, 'the purchase page with its age check');
  await step.getByLabel('Date of birth').fill('1990-04-01');
  await step.getByRole('button', { name: 'Confirm my age' }).click();
  await expect(step.getByText('Age confirmed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order totals' })).toContainText('VAT');
  await placeOrder.click();
  await expect(page.getByText('Order Placed')).toBeVisible();

  await page.goto('/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: knife.name });
  const payLink = row.getByRole('link', { name: /Pay/ });
  const orderId = (await payLink.getAttribute('href'))!.split('/').pop()!;
  await payLink.click();
  const transactionId = await payWithSuccessCard(page, 149 + 12);
  const short = orderId.slice(0, 8);
  await page.getByRole('button', { name: 'Sign Out' }).click();

  await signIn(page, demo.admin);
  await page.goto(`/packingSlip/${orderId}`);
  await expect(page.getByRole('note', { name: 'Parcel notice' })).toHaveText(NOTICE);
  await expect(page.getByText('10 Cutlers Walk')).toBeVisible();
  await expectAxeClean(page, 'the packing slip');

  await page.goto('/dashboard/allOrders');
  await searchGrid(page, knife.name);
  const adminRow = page.getByRole('row').filter({ hasText: transactionId });
  await adminRow.getByRole('button', { name: 'Ship' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order #${short}` });
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(dialog.getByText('Required for age-restricted orders to United Kingdom')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Age-restricted orders to United Kingdom ship only with an age-verified delivery service',
  );
  await dialog.getByRole('switch', { name: 'Age-verified delivery' }).check();
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByText('Status is updated')).toBeVisible();
  await expect(adminRow).toContainText('Shipped');

  let shippedText = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${process.env.E2E_MAIL_INBOX_URL}/api/email`)).json()) as {
          subject: string;
          to: { address: string }[];
          text: string;
        }[];
        shippedText =
          mails.find(
            (mail) => mail.subject === `Your Keen order has shipped: #${short}` && mail.to.some((to) => to.address === shopper.email),
          )?.text ?? '';
        return shippedText !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(shippedText).toContain(
    'This parcel contains a bladed article: an adult (aged 18 or over) must receive it, and may be asked for ID.',
  );
});

test('an under-18 date of birth is refused with no more than "We couldn\'t confirm your age", and the order cannot be placed', async ({
  page,
  baseURL,
}) => {
  const knife = await bladedKnife(baseURL!);
  const shopper = await ukShopper(baseURL!, 'Sam Young');
  await signIn(page, shopper);
  await page.goto(`/purchase/${knife.id}`);
  const step = page.getByRole('region', { name: 'Age check' });
  const young = new Date();
  young.setFullYear(young.getFullYear() - 15);
  await step.getByLabel('Date of birth').fill(young.toISOString().slice(0, 10));
  await step.getByRole('button', { name: 'Confirm my age' }).click();
  await expect(step.getByRole('alert')).toHaveText("We couldn't confirm your age");
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
});
