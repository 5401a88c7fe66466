import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { gql, payWithSuccessCard, uniqueEmail } from './support';

const SANTOKU = 'Engraved Santoku 7"';

/** A mail as the catcher's HTTP API (maildev 3: GET /api/email) lists it. */
interface InboxMail {
  subject: string;
  to: { address: string }[];
  text: string;
}

async function inbox(): Promise<InboxMail[]> {
  const response = await fetch(`${process.env.E2E_MAIL_INBOX_URL}/api/email`);
  expect(response.ok).toBe(true);
  return (await response.json()) as InboxMail[];
}

async function expectNoSeriousAxeViolations(page: Page, where: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

test('a signed-out shopper buys an engraved knife as a guest with a gift message and a note to the workshop, pays with 4242, and opens the order from the link in its mail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('guest');
  const { products } = await gql<{ products: { items: { name: string; slug: string; price: number; engravingPrice: number }[] } }>(
    baseURL!,
    '{ products(options: { take: 100 }) { items { name slug price engravingPrice } } }',
    {},
  );
  const santoku = products.items.find((product) => product.name === SANTOKU)!;

  await page.goto('/');
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await page.goto(`/products/${santoku.slug}`);
  await page.getByLabel('Engraving text').pressSequentially('For Sam');
  await page.getByRole('button', { name: /^Add to cart: Engraved Santoku/ }).click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL('**/checkout');
  await expect(page.getByText('Checking out as a guest')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Gift Buyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Gift Buyer');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State', { exact: true }).selectOption('CA');
  await page.getByLabel('ZIP code').fill('94103');
  await page.getByLabel('Phone').fill('+1 415 555 0100');
  await expect(page.getByRole('radiogroup', { name: 'Shipping method' })).toBeVisible();
  // No discount code for a guest, no address book.
  await expect(page.getByLabel('Discount code')).toHaveCount(0);
  await expect(page.getByLabel('Save this address')).toHaveCount(0);

  // The age step: a guest's check, for this order only.
  const step = page.getByRole('region', { name: 'Age check' });
  await step.getByLabel('Name as on your ID').fill('Gift Buyer');
  await step.getByLabel('Date of birth').fill('1990-04-01');
  await step.getByRole('button', { name: 'Confirm my age' }).click();
  await expect(step.getByText('Age confirmed')).toBeVisible();
  await page.getByLabel('Gift message (optional)').fill('Happy birthday, Sam');
  await page.getByLabel('Note to the workshop (optional)').fill('The handle for a left-hander, please');
  await expectNoSeriousAxeViolations(page, '/checkout (guest)');

  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]+\?token=/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const short = orderId.slice(0, 8);
  await expect(page.getByRole('heading', { name: `Order #${short}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order lines' }).first()).toContainText('For Sam');
  const total = (await page.getByText(/^Please pay : \$/).textContent())!.replace('Please pay : $', '').trim();
  await payWithSuccessCard(page, Number(total));
  await expect(page.getByRole('status').first()).toContainText('Paid, thank you');

  // The receipt is the guest's first mail (none went before payment), with the order's link.
  let receipt: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await inbox()).filter((mail) => mail.to.some((to) => to.address === email));
        receipt = mails.find((mail) => mail.subject === `Keen payment received: #${short}`);
        return receipt ? mails.map((mail) => mail.subject) : [];
      },
      { timeout: 30_000 },
    )
    .toEqual([`Keen payment received: #${short}`]);
  const link = new RegExp(`https?://[^\\s]+/orders/${orderId}\\?token=[A-Za-z0-9_-]+`).exec(receipt!.text)![0];
  // The note is the workshop's: no mail quotes it.
  expect(receipt!.text).not.toContain('left-hander');

  // Anyone holding the link, signed out in another browser, sees the order.
  const stranger = await (await browser.newContext()).newPage();
  const { pathname, search } = new URL(link);
  await stranger.goto(`${pathname}${search}`);
  await expect(stranger.getByRole('heading', { name: `Order #${short}` })).toBeVisible();
  await expect(stranger.getByText('Paid', { exact: true })).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // The invoice downloads by the link alone.
  const download = stranger.waitForEvent('download');
  await stranger.getByRole('button', { name: /^Download invoice / }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expectNoSeriousAxeViolations(stranger, '/orders/{id}?token=');
  // A wrong token shows no order.
  await stranger.goto(`${pathname}?token=wrong`);
  await expect(stranger.getByRole('alert')).toContainText('Order not found');
  await stranger.context().close();
});
