import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Product } from '../../src/modules/catalog/product.entity';
import { idempotencyWork } from '../../src/modules/idempotency/idempotency.work';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let shopper: TestSession & { user: { id: string } };

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  api = restClient(app);
  shopper = await app.customer('keyed');
});
afterAll(() => app.close());

const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id totalPrice lines { quantity } } }';
const contact = { phone: '+1 555 0100', address: '1 Key Street' };
const ordersOf = (productId: string) => app.db.getRepository(Order).countBy({ productId });
const stockOf = async (id: string) => (await app.db.getRepository(Product).findOneByOrFail({ id })).quantity;
const keyRows = (key: string) => app.db.query(`SELECT "state", "resultId" FROM "idempotency_key" WHERE "key" = $1`, [key]);

describe('placeOrder (GraphQL)', () => {
  it('the same key twice places one order and answers it both times', async () => {
    const product = await app.product({ price: 30, quantity: 10 });
    const input = { lines: [{ productId: product.id, quantity: 2 }], ...contact, idempotencyKey: randomUUID() };
    const first = await app.gql(PLACE, { input }, shopper);
    const second = await app.gql(PLACE, { input }, shopper);
    expect(first.errors).toBeUndefined();
    expect(second).toEqual(first);
    expect(first.data!.placeOrder).toMatchObject({ totalPrice: 60, lines: [{ quantity: 2 }] });
    expect(await ordersOf(product.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
    expect(await keyRows(input.idempotencyKey)).toEqual([{ state: 'done', resultId: first.data!.placeOrder.id }]);
  });

  it('the same key with a different order is a 409 and places nothing', async () => {
    const product = await app.product({ quantity: 10 });
    const idempotencyKey = randomUUID();
    const first = await app.gql(PLACE, { input: { lines: [{ productId: product.id, quantity: 1 }], ...contact, idempotencyKey } }, shopper);
    expect(first.errors).toBeUndefined();
    const other = await app.gql(PLACE, { input: { lines: [{ productId: product.id, quantity: 3 }], ...contact, idempotencyKey } }, shopper);
    expect(codeOf(other)).toBe('CONFLICT');
    expect(messageOf(other)).toBe('This idempotency key was used for a different order');
    expect(await ordersOf(product.id)).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("another customer's equal key is their own: they get their own order", async () => {
    const product = await app.product({ quantity: 10 });
    const other = await app.customer('other');
    const input = { lines: [{ productId: product.id, quantity: 1 }], ...contact, idempotencyKey: 'checkout-1' };
    const mine = await app.gql(PLACE, { input }, shopper);
    const theirs = await app.gql(PLACE, { input }, other);
    expect(mine.errors).toBeUndefined();
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data!.placeOrder.id).not.toBe(mine.data!.placeOrder.id);
    expect(await ordersOf(product.id)).toBe(2);
  });

  it('without a key every request places an order, as before', async () => {
    const product = await app.product({ quantity: 10 });
    const input = { lines: [{ productId: product.id, quantity: 1 }], ...contact };
    await app.gql(PLACE, { input }, shopper);
    await app.gql(PLACE, { input }, shopper);
    expect(await ordersOf(product.id)).toBe(2);
  });

  it('anonymous is 401 before the key is looked at; a bad key is a 400 and places nothing', async () => {
    const product = await app.product({ quantity: 10 });
    const lines = [{ productId: product.id, quantity: 1 }];
    expect(codeOf(await app.gql(PLACE, { input: { lines, ...contact, idempotencyKey: '' } }))).toBe('UNAUTHENTICATED');
    for (const idempotencyKey of ['', 'x'.repeat(256), 'tab\there', 'nul\u0000']) {
      const refused = await app.gql(PLACE, { input: { lines, ...contact, idempotencyKey } }, shopper);
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      expect(messageOf(refused)).toBe('An idempotency key must be 1 to 255 printable characters');
    }
    expect(
      (await app.gql(PLACE, { input: { lines, ...contact, idempotencyKey: `ключ-${'k'.repeat(250)}` } }, shopper)).errors,
    ).toBeUndefined();
    expect(await ordersOf(product.id)).toBe(1);
  });

  it('a refused order releases its key: a retry after restocking places it', async () => {
    const product = await app.product({ quantity: 1 });
    const input = { lines: [{ productId: product.id, quantity: 2 }], ...contact, idempotencyKey: randomUUID() };
    expect(messageOf(await app.gql(PLACE, { input }, shopper))).toBe('Product cannot be purchased for product shortage');
    expect(await keyRows(input.idempotencyKey)).toEqual([]);
    await app.db.query(`UPDATE "product_variant" SET "quantity" = 5 WHERE "productId" = $1`, [product.id]);
    expect((await app.gql(PLACE, { input }, shopper)).errors).toBeUndefined();
    expect(await ordersOf(product.id)).toBe(1);
  });
});

describe('POST /api/orders', () => {
  it('the same Idempotency-Key twice answers the same status and body, and places one order', async () => {
    const product = await app.product({ price: 20, quantity: 10 });
    const request = {
      as: shopper,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { productCode: product.id, quantity: 2, ...contact },
    };
    const first = await api('POST', '/orders', request);
    const second = await api('POST', '/orders', request);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Order Placed', totalPrice: 40 });
    expect(second).toEqual(first);
    expect(await ordersOf(product.id)).toBe(1);
  });

  it('the same key with another body is a 409 with the message; a bad key is a 400; anonymous is a 401 first', async () => {
    const product = await app.product({ quantity: 10 });
    const headers = { 'Idempotency-Key': randomUUID() };
    expect(
      (await api('POST', '/orders', { as: shopper, headers, body: { productCode: product.id, quantity: 1, ...contact } })).status,
    ).toBe(200);
    const other = await api('POST', '/orders', {
      as: shopper,
      headers,
      body: { productCode: product.id, quantity: 1, ...contact, address: 'Elsewhere' },
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This idempotency key was used for a different order');
    const bad = await api('POST', '/orders', {
      as: shopper,
      headers: { 'Idempotency-Key': 'x'.repeat(256) },
      body: { productCode: product.id, quantity: 1, ...contact },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('An idempotency key must be 1 to 255 printable characters');
    expect((await api('POST', '/orders', { headers: { 'Idempotency-Key': 'x'.repeat(256) }, body: {} })).status).toBe(401);
    expect(await ordersOf(product.id)).toBe(1);
  });

  it('a key sent by GraphQL and then by REST with the same order answers the one order', async () => {
    const product = await app.product({ quantity: 10 });
    const idempotencyKey = randomUUID();
    const placed = await app.gql(PLACE, { input: { productId: product.id, quantity: 1, ...contact, idempotencyKey } }, shopper);
    const rest = await api('POST', '/orders', {
      as: shopper,
      headers: { 'Idempotency-Key': idempotencyKey },
      body: { productCode: product.id, quantity: 1, ...contact },
    });
    expect(rest.body._id).toBe(placed.data!.placeOrder.id);
    expect(await ordersOf(product.id)).toBe(1);
  });

  it('the OpenAPI document declares the header', async () => {
    const document = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, any> };
    expect(document.paths['/orders'].post.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
  });
});

describe('exactly once', () => {
  it('20 concurrent requests with one key, over two processes on one database, make exactly one order', async () => {
    const replica = await app.replica();
    try {
      const product = await app.product({ quantity: 50 });
      const body = { productCode: product.id, quantity: 2, ...contact };
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}`, 'Idempotency-Key': randomUUID() };
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await fetch(`${i % 2 ? replica.url : app.url}/api/orders`, {
            method: 'POST',
            headers,
            body: JSON.stringify(body),
          });
          return { status: response.status, body: (await response.json()) as { _id: string } };
        }),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((answer) => answer.body._id)).size).toBe(1);
      expect(await ordersOf(product.id)).toBe(1);
      expect(await stockOf(product.id)).toBe(48);
    } finally {
      await replica.close();
    }
  });

  it('a claim left running by a process that died is taken over, and its order placed once', async () => {
    const product = await app.product({ quantity: 10 });
    const lines = [{ productId: product.id, quantity: 1 }];
    const [done, left] = [randomUUID(), randomUUID()];
    await app.gql(PLACE, { input: { lines, ...contact, idempotencyKey: done } }, shopper);
    // What a process leaves when it dies after claiming a key and before its order commits (the hash leaves the key out).
    await app.db.query(
      `INSERT INTO "idempotency_key" ("callerId", "operation", "key", "requestHash", "state", "claimToken", "createdAt", "claimedAt")
       SELECT "callerId", 'placeOrder', $2, "requestHash", 'running', gen_random_uuid(), now() - interval '2 minutes', now() - interval '2 minutes'
         FROM "idempotency_key" WHERE "key" = $1`,
      [done, left],
    );
    const taken = await app.gql(PLACE, { input: { lines, ...contact, idempotencyKey: left } }, shopper);
    expect(taken.errors).toBeUndefined();
    expect(await ordersOf(product.id)).toBe(2);
    expect(await keyRows(left)).toEqual([{ state: 'done', resultId: taken.data!.placeOrder.id }]);
  });

  it('a request whose key another process is working on waits for its result and answers it', async () => {
    const product = await app.product({ quantity: 10 });
    const lines = [{ productId: product.id, quantity: 1 }];
    const [done, busy] = [randomUUID(), randomUUID()];
    const placed = await app.gql(PLACE, { input: { lines, ...contact, idempotencyKey: done } }, shopper);
    await app.db.query(
      `INSERT INTO "idempotency_key" ("callerId", "operation", "key", "requestHash", "state", "claimToken")
       SELECT "callerId", 'placeOrder', $2, "requestHash", 'running', gen_random_uuid() FROM "idempotency_key" WHERE "key" = $1`,
      [done, busy],
    );
    const waiting = app.gql(PLACE, { input: { lines, ...contact, idempotencyKey: busy } }, shopper);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await app.db.query(`UPDATE "idempotency_key" SET "state" = 'done', "resultId" = $2 WHERE "key" = $1`, [
      busy,
      placed.data!.placeOrder.id,
    ]);
    expect((await waiting).data!.placeOrder.id).toBe(placed.data!.placeOrder.id);
    expect(await ordersOf(product.id)).toBe(1);
  });
});

describe('createPaymentIntent', () => {
  const INTENT =
    'mutation($orderId: ID!, $key: String) { createPaymentIntent(orderId: $orderId, idempotencyKey: $key) { id clientSecret amount } }';

  it('the same key answers the first intent, even once the order is paid; another order with it is a 409', async () => {
    const product = await app.product({ price: 15, quantity: 10 });
    const order = await app.placeOrder(shopper, product.id, 2);
    const key = randomUUID();
    const first = await app.gql(INTENT, { orderId: order.id, key }, shopper);
    expect(first.errors).toBeUndefined();
    expect(first.data!.createPaymentIntent.amount).toBe(3000);
    expect(await app.gql(INTENT, { orderId: order.id, key }, shopper)).toEqual(first);
    await app.payOrder(shopper, order.id);
    // Without the key a paid order is refused; with it the retry answers what the first call did.
    expect((await app.gql(INTENT, { orderId: order.id }, shopper)).errors).toBeDefined();
    expect((await app.gql(INTENT, { orderId: order.id, key }, shopper)).data).toEqual(first.data);
    const another = await app.placeOrder(shopper, product.id, 1);
    const reused = await app.gql(INTENT, { orderId: another.id, key }, shopper);
    expect(codeOf(reused)).toBe('CONFLICT');
    expect(messageOf(reused)).toBe('This idempotency key was used for a different order');
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: another.id })).paymentIntentId).toBeNull();
  });

  it('anonymous is 401; a bad key is a 400', async () => {
    const order = await app.placeOrder(shopper, (await app.product()).id);
    expect(codeOf(await app.gql(INTENT, { orderId: order.id, key: '' }))).toBe('UNAUTHENTICATED');
    expect(messageOf(await app.gql(INTENT, { orderId: order.id, key: '' }, shopper))).toBe(
      'An idempotency key must be 1 to 255 printable characters',
    );
  });
});

describe('keys a caller may hold', () => {
  it('IDEMPOTENCY_KEYS_PER_HOUR (20): the 21st new key of the hour is RATE_LIMITED and places nothing; keys already sent still answer', async () => {
    expect(app.config.idempotencyKeysPerHour).toBe(20);
    const hoarder = await app.customer('hoarder');
    const product = await app.product({ quantity: 100 });
    const input = (idempotencyKey: string) => ({ lines: [{ productId: product.id, quantity: 1 }], ...contact, idempotencyKey });
    const keys = Array.from({ length: 22 }, (_, i) => `${String(i).padStart(4, '0')}-${'k'.repeat(195)}`);
    const answers = [];
    for (const key of keys.slice(0, 20)) answers.push(await app.gql(PLACE, { input: input(key) }, hoarder));
    expect(answers.filter((answer) => answer.errors)).toEqual([]);

    const refused = await app.gql(PLACE, { input: input(keys[20]) }, hoarder);
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(messageOf(refused)).toMatch(
      /^Too many idempotency keys: at most 20 new keys an hour for placeOrder\. Retry with a key you already sent, or try again in \d+ seconds$/,
    );
    const rest = await api('POST', '/orders', {
      as: hoarder,
      headers: { 'Idempotency-Key': keys[21] },
      body: { productCode: product.id, quantity: 1, ...contact },
    });
    expect(rest.status).toBe(429);
    expect(await ordersOf(product.id)).toBe(20);
    expect(await keyRows(keys[20])).toEqual([]);
    expect(await keyRows(keys[21])).toEqual([]);
    expect(await app.gql(PLACE, { input: input(keys[0]) }, hoarder)).toEqual(answers[0]);
    // Another caller's keys are their own.
    expect((await app.gql(PLACE, { input: input(keys[20]) }, shopper)).errors).toBeUndefined();
  });
});

describe('pruning', () => {
  it('the recurring job removes keys older than 24 hours and keeps the others', async () => {
    const [old, fresh] = [randomUUID(), randomUUID()];
    for (const [key, age] of [
      [old, '25 hours'],
      [fresh, '23 hours'],
    ])
      await app.db.query(
        `INSERT INTO "idempotency_key" ("callerId", "operation", "key", "requestHash", "state", "claimToken", "resultId", "createdAt")
         VALUES ($1, 'placeOrder', $2, 'h', 'done', gen_random_uuid(), 'r', now() - $3::interval)`,
        [shopper.user.id, key, age],
      );
    const [job] = idempotencyWork(app.services, app.config, pino({ level: 'silent' })).recurring!;
    expect(job.name).toBe('idempotency.prune-keys');
    await job.run();
    expect(await keyRows(old)).toEqual([]);
    expect(await keyRows(fresh)).toHaveLength(1);
  });
});
