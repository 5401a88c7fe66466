import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

export const demo = {
  admin: { email: 'admin@keen.test', password: 'keen-admin-1' },
  customer: { email: 'customer@keen.test', password: 'keen-customer-1' },
};

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@keen.test`;
}

/** Saves a screenshot of the page under frontend/e2e/screenshots/<project>-<name>.png. */
export async function snap(page: Page, name: string, project: string): Promise<void> {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${project}-${name}.png`), fullPage: true });
}

/** Cuts the browser off from everything but the shop itself, as on a machine with no internet. */
export async function offline(context: BrowserContext, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin && !url.host.startsWith('127.0.0.1:9099'),
    (route) => route.abort('internetdisconnected'),
  );
}

export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const emulator = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';

const emulatorAdmin = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/demo-keen';

/**
 * A new Auth Emulator account (an e-mail address from `prefix`) named `displayName`, its address
 * marked verified through the emulator's admin API, as following its link would: an age check
 * needs a verified address, and so do the order e-mails.
 */
export async function verifiedAccount(prefix: string, displayName: string): Promise<{ email: string; password: string }> {
  const account = { email: uniqueEmail(prefix), password: 'sharp-edges-1' };
  const signUp = await fetch(`${emulator}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, displayName, returnSecureToken: true }),
  });
  expect(signUp.ok, `signing up ${account.email}`).toBe(true);
  const { localId } = (await signUp.json()) as { localId: string };
  const verified = await fetch(`${emulatorAdmin}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
  expect(verified.ok, `verifying ${account.email}`).toBe(true);
  return account;
}

/**
 * Follows the verification link the Auth Emulator "sent" to `email` (the latest one, as a person
 * opens the newest e-mail): the emulator verifies the address on that request.
 */
export async function followVerificationLink(email: string): Promise<void> {
  const response = await fetch('http://127.0.0.1:9099/emulator/v1/projects/demo-keen/oobCodes');
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: { email: string; requestType: string; oobLink: string }[] };
  const link = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
  if (!link) throw new Error(`no verification e-mail for ${email}`);
  const followed = await fetch(link);
  expect(followed.ok, `following ${email}'s verification link`).toBe(true);
}

/** An ID token from the Auth Emulator, for setting up data through the API. */
export async function idToken(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${emulator}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`emulator sign-in failed for ${account.email}`);
  return body.idToken;
}

export async function gql<T>(baseURL: string, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Every demo knife is age-restricted: a new shopper confirms their age, as an adult, in the checkout's age step. */
export async function confirmAdultAge(page: Page): Promise<void> {
  const step = page.getByRole('region', { name: 'Age check' });
  await step.getByLabel('Date of birth').fill('1990-04-01');
  await step.getByRole('button', { name: 'Confirm my age' }).click();
  await expect(step.getByText('Age confirmed')).toBeVisible();
}

/** Places an order for the first product of the catalogue, as `account`, through the API. */
export async function placeOrderViaApi(
  baseURL: string,
  account: { email: string; password: string },
): Promise<{ id: string; name: string; totalPrice: number }> {
  const token = await idToken(account);
  const { products } = await gql<{ products: { items: { id: string; minimumQuantity: number }[] } }>(
    baseURL,
    '{ products(options: { take: 1, sortBy: price, sortDirection: DESC }) { items { id minimumQuantity } } }',
    {},
  );
  const product = products.items[0];
  const { placeOrder } = await gql<{ placeOrder: { id: string; name: string; totalPrice: number } }>(
    baseURL,
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id name totalPrice } }',
    {
      input: {
        productId: product.id,
        quantity: product.minimumQuantity,
        phone: '+1 555 0100',
        address: '1 Test Street, San Francisco, CA 94103, United States',
      },
    },
    token,
  );
  return placeOrder;
}

/** Pays an order through the offline provider's API with the success card. */
export async function payViaApi(baseURL: string, account: { email: string; password: string }, orderId: string): Promise<string> {
  const token = await idToken(account);
  await gql(baseURL, 'mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { clientSecret } }', { orderId }, token);
  const { confirmTestCardPayment } = await gql<{ confirmTestCardPayment: { transactionId: string } }>(
    baseURL,
    'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { transactionId } }',
    { orderId, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
    token,
  );
  return confirmTestCardPayment.transactionId;
}

/** A 1x1 PNG, enough for the server's content check. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Types into a grid's search box and waits until the server has answered that search. */
export async function searchGrid(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes(`"search":${JSON.stringify(text)}`),
  );
  await page.getByLabel('Search', { exact: true }).fill(text);
  await answered;
}

/** On the payment page: checks the amount, pays with the offline provider's success card, answers the transaction id. */
export async function payWithSuccessCard(page: Page, total: number): Promise<string> {
  await expect(page.getByText(`Please pay : $${total}`)).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay' });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.getByText('Your payment is completed')).toBeVisible();
  const transaction = page.getByText(/Your transaction id : pi_/);
  await expect(transaction).toBeVisible();
  await expect(pay).toBeDisabled();
  return (await transaction.textContent())!.replace('Your transaction id : ', '').trim();
}

/** Presses Tab until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** A port nobody listens on (a browser's debugging port, say). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
