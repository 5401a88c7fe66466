import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GIFT_MESSAGE, WORKSHOP_NOTE } from '@keen/rules';
import { WebhookDelivery } from '../../src/modules/integrations/webhook.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';
import { startSmtpCatcher } from '../support/smtp-catcher';
import { giftCardProduct } from '../gift-cards/support';

/**
 * An order's gift message and note to the workshop, in every place they belong: GraphQL and REST,
 * the order's history, the orders CSV and webhooks; and in none of the mails (the customer's, the
 * staff's, a gift card's recipient's).
 */

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: TestSession;
let buyer: TestSession;
let api: ReturnType<typeof restClient>;
let hooks: { url: string; close: () => Promise<unknown> };

const GIFT = 'Happy birthday Sam from Ada with love';
const NOTE = 'Please polish the bolster twice';
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id giftMessage workshopNote } }`;
const address = '1 Test Street, United States';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    JOB_POLL_SECONDS: '0.5',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
  });
  admin = await app.adminUser();
  buyer = await app.verifyEmail(await app.customer('gifting'));
  expect((await app.gql('{ me { id } }', {}, buyer)).errors).toBeUndefined();
  api = restClient(app);
  const server = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hooks = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await hooks.close();
});

test('GraphQL takes both, trims them and answers them; the history quotes them; the webhook and the CSV carry them; no mail does', async () => {
  const created = await app.gql(
    'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }',
    { input: { url: hooks.url, events: ['order.placed'] } },
    admin,
  );
  expect(created.errors).toBeUndefined();
  const endpointId = created.data!.createWebhookEndpoint.endpoint.id;
  const product = await app.product({ price: 100, engravable: true, engravingMaxLength: 20, engravingPrice: 10 });

  const placed = await app.gql(
    PLACE,
    {
      input: {
        lines: [{ productId: product.id, quantity: 1, engraving: { text: 'Sam', font: 'serif' } }],
        phone: '+1 555 0100',
        address,
        giftMessage: `  ${GIFT}  `,
        workshopNote: NOTE,
      },
    },
    buyer,
  );
  expect(placed.errors).toBeUndefined();
  const order = placed.data!.placeOrder;
  expect(order).toMatchObject({ giftMessage: GIFT, workshopNote: NOTE });

  const history = await app.gql('query($id: ID!) { orderHistory(id: $id) { toState note } }', { id: order.id }, admin);
  expect(history.data!.orderHistory).toEqual([
    { toState: 'AwaitingPayment', note: `Gift message: “${GIFT}”. Note to the workshop: “${NOTE}”` },
  ]);

  const delivery = await waitFor(() => app.db.getRepository(WebhookDelivery).findOneBy({ endpointId, event: 'order.placed' }));
  expect(JSON.parse(delivery.body).data).toMatchObject({ orderId: order.id, giftMessage: GIFT, workshopNote: NOTE });

  const csv = await fetch(`${app.url}/api/admin/export/orders.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
  const [header, ...rows] = (await csv.text()).split('\r\n').filter(Boolean);
  expect(header.split(',').slice(-2)).toEqual(['giftMessage', 'workshopNote']);
  expect(
    rows
      .find((line) => line.startsWith(order.id))!
      .split(',')
      .slice(-2),
  ).toEqual([GIFT, NOTE]);

  // Paid: the customer's receipt and the staff's mail follow the order's; neither quotes the buyer's texts.
  await app.payOrder(buyer, order.id);
  const id = order.id.slice(0, 8);
  const mails = [
    await smtp.waitFor((mail) => mail.subject === `Keen order received: #${id}`),
    await smtp.waitFor((mail) => mail.subject === `Keen payment received: #${id}`),
    await smtp.waitFor((mail) => mail.subject.startsWith(`New paid order #${id}`)),
  ].flat();
  expect(mails).toHaveLength(3);
  for (const mail of mails) {
    expect(mail.body).not.toContain('Sam from Ada');
    expect(mail.body).not.toContain('bolster');
  }
});

test("a gift card's recipient gets the card, never the buyer's gift message or note", async () => {
  const card = await giftCardProduct(app);
  const placed = await app.gql(
    PLACE,
    {
      input: {
        lines: [{ productId: card.id, quantity: 1, giftCard: { recipientEmail: 'recipient@example.com', message: 'Enjoy' } }],
        phone: '+1 555 0100',
        address,
        giftMessage: GIFT,
        workshopNote: NOTE,
      },
    },
    buyer,
  );
  expect(placed.errors).toBeUndefined();
  await app.payOrder(buyer, placed.data!.placeOrder.id);
  const [mail] = await smtp.waitFor((caught) => caught.to.includes('recipient@example.com'));
  expect(mail.body).toContain('Enjoy');
  expect(mail.body).not.toContain('Sam from Ada');
  expect(mail.body).not.toContain('bolster');
});

test('REST POST /orders takes both and answers them; blank is none; too long is a 400 naming the field and places nothing', async () => {
  const product = await app.product({ price: 30 });
  const body = { productId: product.id, quantity: 1, phone: '+1 555 0100', address };
  const placed = await api('POST', '/orders', { as: buyer, body: { ...body, giftMessage: GIFT, workshopNote: NOTE } });
  expect(placed.status).toBe(200);
  expect(placed.body).toMatchObject({ giftMessage: GIFT, workshopNote: NOTE });
  const read = await api('GET', `/orders/${placed.body._id}`, { as: buyer });
  expect(read.body).toMatchObject({ giftMessage: GIFT, workshopNote: NOTE });

  const blank = await api('POST', '/orders', { as: buyer, body: { ...body, giftMessage: '   ', workshopNote: '' } });
  expect(blank.status).toBe(200);
  expect(blank.body).toMatchObject({ giftMessage: null, workshopNote: null });

  const before = await app.db.getRepository(Order).countBy({ productId: product.id });
  const longGift = await api('POST', '/orders', { as: buyer, body: { ...body, giftMessage: 'x'.repeat(GIFT_MESSAGE.maxLength + 1) } });
  expect(longGift).toEqual({ status: 400, body: expect.objectContaining({ message: 'Gift message must be at most 300 characters' }) });
  const longNote = await app.gql(
    PLACE,
    { input: { productId: product.id, quantity: 1, phone: '+1 555 0100', address, workshopNote: 'x'.repeat(WORKSHOP_NOTE.maxLength + 1) } },
    buyer,
  );
  expect([codeOf(longNote), messageOf(longNote)]).toEqual(['BAD_USER_INPUT', 'Note to the workshop must be at most 500 characters']);
  // Exactly at the limits is fine.
  const atLimits = await app.gql(
    PLACE,
    {
      input: {
        productId: product.id,
        quantity: 1,
        phone: '+1 555 0100',
        address,
        giftMessage: 'g'.repeat(GIFT_MESSAGE.maxLength),
        workshopNote: 'w'.repeat(WORKSHOP_NOTE.maxLength),
      },
    },
    buyer,
  );
  expect(atLimits.errors).toBeUndefined();
  expect(await app.db.getRepository(Order).countBy({ productId: product.id })).toBe(before + 1);
});

test('anonymous callers are refused before their texts are looked at', async () => {
  const product = await app.product({ price: 30 });
  const tooLong = 'x'.repeat(GIFT_MESSAGE.maxLength + 1);
  const rest = await api('POST', '/orders', {
    body: { productId: product.id, quantity: 1, phone: '+1 555 0100', address, giftMessage: tooLong },
  });
  expect(rest.status).toBe(401);
  const gql = await app.gql(PLACE, { input: { productId: product.id, quantity: 1, phone: '+1 555 0100', address, giftMessage: tooLong } });
  expect(codeOf(gql)).toBe('UNAUTHENTICATED');
});

async function waitFor<T>(read: () => Promise<T | null>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
