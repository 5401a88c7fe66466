import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { gql, idToken, payWithSuccessCard, signIn, verifiedAccount } from './support';

const CARD = 'Keen gift card';
const WHETSTONE = 'Combination Whetstone 1000/6000';

/** A mail as the catcher's HTTP API (maildev 3: GET /api/email) lists it. */
interface InboxMail {
  id: string;
  subject: string;
  to: { address: string }[];
}

/** Waits until the catcher holds a mail with this subject for this address, and answers it. */
async function mailTo(address: string, subject: string): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${process.env.E2E_MAIL_INBOX_URL}/api/email`);
        const mails = (await response.json()) as InboxMail[];
        found = mails.find((mail) => mail.subject === subject && mail.to.some((to) => to.address === address));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test('a shopper buys the demo gift card, reads its code in the mailed card, and spends it on an order it pays in full', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shopper = await verifiedAccount('gift-card-shopper', 'Gil Card');
  await gql(
    baseURL!,
    'mutation($input: AddressInput!) { saveAddress(input: $input) { id } }',
    {
      input: {
        name: 'Gil Card',
        line1: '1 Market St',
        city: 'San Francisco',
        region: 'CA',
        postalCode: '94103',
        country: 'US',
        phone: '+1 415 555 0100',
      },
    },
    await idToken(shopper),
  );
  await signIn(page, shopper);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));

  // The gift card in the storefront: bought on its own page, no stock, no cart.
  await page.goto('/products?q=gift%20card');
  await page.getByRole('link', { name: `Buy Now: ${CARD}` }).click();
  await expect(page).toHaveURL(/\/purchase\//);
  await expect(page.getByLabel('Product Name')).toHaveValue(CARD);
  await page.getByRole('radio', { name: '$100.00' }).check();
  await expect(page.getByLabel('Price')).toHaveValue('$100.00');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Happy birthday, from Gil');
  // Nothing to deliver: the total is the card's face value, untaxed.
  await expect(page.getByText('Total: $100.00')).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  const bought = page.getByRole('row').filter({ hasText: CARD });
  await bought.getByRole('link', { name: /Pay/ }).click();
  await payWithSuccessCard(page, 100);

  // Its mail, mailed to the buyer (no recipient was given) on payment: opened in the mail catcher.
  const mail = await mailTo(shopper.email, 'A $100.00 gift card from Keen');
  await page.goto(`${process.env.E2E_MAIL_INBOX_URL}/api/email/${mail.id}/html`);
  await expect(page.getByText('Happy birthday, from Gil')).toBeVisible();
  const code = /[A-Z2-9]{4}(?:-[A-Z2-9]{4}){3}/.exec(await page.locator('body').innerText())?.[0];
  expect(code).toBeTruthy();

  // A second order the card covers: the whetstone ($45 and $8 standard delivery in the US).
  await page.goto(`${baseURL}/products?q=Whetstone`);
  await page.getByRole('button', { name: `Add to cart: ${WHETSTONE}` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totals).toContainText('Total$53.00');
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(code!.toLowerCase());
  await page.getByRole('button', { name: 'Apply gift card' }).click();
  const lastFour = code!.slice(-4);
  await expect(page.getByRole('list', { name: 'Gift cards applied' })).toContainText(`Gift card •••• ${lastFour}: $53.00`);
  await expect(totals).toContainText('Amount due$0.00');
  await expectAxeClean(page);
  await page.getByRole('button', { name: /Place order/i }).click();

  // Paid in full by the card: no card payment asked; the order is Paid.
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  const spent = page.getByRole('row').filter({ hasText: WHETSTONE });
  await expect(spent).toContainText('Paid');
  await expect(spent.getByRole('link', { name: /Pay/ })).toHaveCount(0);
});
