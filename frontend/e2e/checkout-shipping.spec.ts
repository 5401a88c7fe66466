import { expect, type Page, test } from '@playwright/test';
import { confirmAdultAge, demo, gql, idToken, signIn, snap, verifiedAccount } from './support';

const CHEF = 'Damascus Chef Knife 8"';
const BUSHCRAFT = 'Bushcraft Fixed Blade';

const UK_HOME = {
  name: 'Ada Sharpe',
  line1: '221B Baker Street',
  city: 'London',
  postalCode: 'NW1 6XE',
  country: 'GB',
  phone: '+44 20 7946 0018',
};

/** "$1,234.50" for 123450 cents, as the shop (USD, en-US) writes it. */
const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
/** The VAT inside a tax-inclusive amount at 20%, rounded half up per line (the server's rule). */
const vatIn = (cents: number) => Math.round((cents * 2000) / 12000);

async function pricesOf(baseURL: string, names: string[]): Promise<Map<string, { id: string; amount: number }>> {
  const { products } = await gql<{ products: { items: { id: string; name: string; priceFrom: { amount: number } }[] } }>(
    baseURL,
    '{ products(options: { take: 100 }) { items { id name priceFrom { amount } } } }',
    {},
  );
  return new Map(products.items.filter((p) => names.includes(p.name)).map((p) => [p.name, { id: p.id, amount: p.priceFrom.amount }]));
}

/** A new customer of the Auth Emulator, their e-mail address verified (their age check needs it), with `address` saved as their address book's default. */
async function shopperWithAddress(baseURL: string, address: typeof UK_HOME) {
  const account = await verifiedAccount('uk-shopper', address.name);
  const token = await idToken(account);
  await gql(baseURL, 'mutation($input: AddressInput!) { saveAddress(input: $input) { id isDefault } }', { input: address }, token);
  return account;
}

async function addToCart(page: Page, name: string) {
  await page.goto(`/products?q=${encodeURIComponent(name.split(' ')[0])}`);
  await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
}

async function toCheckout(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

test('a UK shopper buys two knives to a saved address, sees shipping and the VAT inside the total, and pays through 3-D Secure', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const prices = await pricesOf(baseURL!, [CHEF, BUSHCRAFT]);
  const subtotal = prices.get(CHEF)!.amount + prices.get(BUSHCRAFT)!.amount;
  const vat = vatIn(prices.get(CHEF)!.amount) + vatIn(prices.get(BUSHCRAFT)!.amount);
  const express = 3000;
  const shopper = await shopperWithAddress(baseURL!, UK_HOME);

  await signIn(page, shopper);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await addToCart(page, CHEF);
  await addToCart(page, BUSHCRAFT);
  await toCheckout(page);

  const deliverTo = page.getByRole('radiogroup', { name: 'Deliver to' });
  await expect(deliverTo.getByRole('radio', { name: /221B Baker Street/ })).toBeChecked();
  const methods = page.getByRole('radiogroup', { name: 'Shipping method' });
  // Over the standard method's free threshold ($200): it ships free; express costs $30.
  await expect(methods.getByRole('radio', { name: /Standard \(UK and EU\).*Free/ })).toBeChecked();
  await methods.getByRole('radio', { name: /Express \(UK and EU\)/ }).check();
  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totals).toContainText(`Subtotal${usd(subtotal)}`);
  await expect(totals).toContainText(`Shipping – Express (UK and EU)${usd(express)}`);
  await expect(totals).toContainText(`Total${usd(subtotal + express)}`);
  await expect(totals).toContainText(`incl. ${usd(vat)} VAT`);
  await snap(page, 'checkout-uk', info.project.name);

  await confirmAdultAge(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL('**/dashboard/payment/**');
  const receipt = page.getByRole('region', { name: 'Order totals' });
  await expect(receipt).toContainText(`Total${usd(subtotal + express)}`);
  await expect(receipt).toContainText(`incl. ${usd(vat)} VAT`);
  await expect(page.getByText('221B Baker Street')).toBeVisible();
  await expect(page.getByText(`Please pay : ${usd(subtotal + express)}`)).toBeVisible();

  await page.getByLabel('Card number').fill('4000 0027 6000 3184');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await expect(challenge).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Your payment is completed')).toBeVisible();

  // The receipt in My Orders keeps the breakdown.
  await page.goto('/dashboard/myOrders');
  await page
    .getByRole('button', { name: /^Details of order/ })
    .first()
    .click();
  const details = page.getByRole('dialog');
  await expect(details.getByRole('region', { name: 'Order totals' })).toContainText(`incl. ${usd(vat)} VAT`);
  await expect(details).toContainText('Express (UK and EU)');
});

test('a US shopper pays shipping and no VAT: the totals have no tax line', async ({ page, baseURL }) => {
  const prices = await pricesOf(baseURL!, [BUSHCRAFT]);
  const subtotal = prices.get(BUSHCRAFT)!.amount;
  expect(subtotal).toBeLessThan(15000);
  await signIn(page, demo.customer);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await addToCart(page, BUSHCRAFT);
  await toCheckout(page);
  await expect(page.getByRole('radiogroup', { name: 'Deliver to' }).getByRole('radio', { name: /San Francisco/ })).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio', { name: /Standard \(US\).*\$8\.00/ }),
  ).toBeChecked();
  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totals).toContainText(`Total${usd(subtotal + 800)}`);
  await expect(totals).not.toContainText('VAT');
  await expect(totals).not.toContainText('Tax');
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
});

test('a new address in a country no zone covers is refused with its message, and Place order stays off', async ({ page }) => {
  await signIn(page, demo.customer);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await addToCart(page, BUSHCRAFT);
  await toCheckout(page);
  await page.getByRole('radiogroup', { name: 'Deliver to' }).getByRole('radio', { name: 'New address' }).check();
  await page.getByLabel('Country').fill('Brazil');
  await page.getByRole('option', { name: 'Brazil' }).click();
  await page.getByLabel('Full name').fill('Bia Faca');
  await page.getByLabel('Address', { exact: true }).fill('Rua Augusta 1');
  await page.getByLabel('City').fill('São Paulo');
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'São Paulo' });
  await page.getByLabel(/Postal code|Postcode|ZIP|CEP/).fill('01304-000');
  await page.getByLabel('Phone').fill('+55 11 5555 0100');
  await expect(page.getByText("We don't ship to Brazil yet")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
});

test('a knife and a whetstone to Australia, whose rule takes no blades: the knife is refused by name and removed, the whetstone is bought', async ({
  page,
}) => {
  const WHETSTONE = 'Combination Whetstone 1000/6000';
  await signIn(page, demo.customer);
  await page.evaluate(() => localStorage.removeItem('keen.cart'));
  await addToCart(page, CHEF);
  await addToCart(page, WHETSTONE);
  await toCheckout(page);
  await page.getByRole('radiogroup', { name: 'Deliver to' }).getByRole('radio', { name: 'New address' }).check();
  await page.getByLabel('Country').fill('Australia');
  await page.getByRole('option', { name: 'Australia' }).click();
  await page.getByLabel('Full name').fill('Sam Harbour');
  await page.getByLabel('Address', { exact: true }).fill('1 George Street');
  await page.getByLabel('Suburb').fill('Sydney');
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'New South Wales' });
  await page.getByLabel(/Postal code|Postcode/).fill('2000');
  await page.getByLabel('Phone').fill('+61 2 5550 0100');
  await expect(page.getByText(`We can't deliver ${CHEF} to Australia.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();

  await page.getByRole('button', { name: 'Remove from cart' }).click();
  await expect(page.getByText(`Removed ${CHEF}`)).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio', { name: /International \(Australia\).*\$35\.00/ }),
  ).toBeChecked();
  const totals = page.getByRole('region', { name: 'Order totals' });
  await expect(totals).toContainText(`Total${usd(4500 + 3500)}`);
  // Not a blade: no age step stands before the order.
  await expect(page.getByRole('region', { name: 'Age check' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL('**/dashboard/payment/**');
  await expect(page.getByText(`Please pay : ${usd(4500 + 3500)}`)).toBeVisible();
  await expect(page.getByText('1 George Street')).toBeVisible();
});
