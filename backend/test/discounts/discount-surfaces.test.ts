import { startSmtpCatcher } from '../support/smtp-catcher';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { discount, orderOf, PLACE, ukZone } from './support';

/** Where a placed order shows its discount besides the API: the customer's mail and the orders CSV. */

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: TestSession;
let buyer: TestSession;
let products: string[];

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Keen <shop@keen.test>', JOB_POLL_SECONDS: '0.5', TAX_SHIPPING: 'true' });
  admin = await app.adminUser();
  buyer = await app.verifyEmail(await app.customer('shown'));
  expect((await app.gql('{ me { id } }', {}, buyer)).errors).toBeUndefined();
  await ukZone(app, admin);
  products = [(await app.product({ price: 100 })).id, (await app.product({ price: 50 })).id];
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

test("the order mail names the code and its discount; the orders CSV has the code, each line's share and the order's", async () => {
  await discount(app, admin, { code: 'SHOW20', value: 20 });
  const placed = await app.gql(PLACE, { input: orderOf(products, 'show20') }, buyer);
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  expect(order.totals.discount.amount).toBe(-3000);

  const [mail] = await smtp.waitFor((caught) => caught.subject === `Keen order received: #${order.id.slice(0, 8)}`);
  expect(mail.body).toContain('Subtotal: $150.00');
  expect(mail.body).toContain('Discount (SHOW20): -$30.00');
  expect(mail.body).not.toContain('Price adjusted');

  const response = await fetch(`${app.url}/api/admin/export/orders.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
  const [header, ...rows] = (await response.text()).split('\r\n').filter(Boolean);
  // The gift message and the note to the workshop come after them.
  expect(header.split(',').slice(-5, -2)).toEqual(['discountCode', 'lineDiscount', 'orderDiscount']);
  const mine = rows.filter((row) => row.startsWith(order.id));
  expect(mine.map((row) => row.split(',').slice(-5, -2))).toEqual([
    ['SHOW20', '-20', '-30'],
    ['SHOW20', '-10', '-30'],
  ]);
});
