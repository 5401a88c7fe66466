import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Product } from '../../src/modules/catalog/product.entity';
import { Refund } from '../../src/modules/invoicing/refund.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { US } from '../support/addresses';

/**
 * Stripe Tax (TAX_PROVIDER=stripe), at Stripe's HTTP boundary: a stand-in answers `POST /v1/tax/calculations`,
 * `POST /v1/tax/transactions/create_from_calculation` and `POST /v1/tax/transactions/create_reversal` with the
 * objects Stripe answers (recorded shapes, amounts worked out at a state's rate) and refuses what Stripe refuses
 * (a reference used before, a reversal beyond the transaction, a full reversal after a partial one), and payment
 * intents and refunds for the payment.
 */
class StripeTaxStandIn {
  readonly calculations: URLSearchParams[] = [];
  readonly transactions: { params: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  readonly reversals: { params: URLSearchParams; idempotencyKey: string | undefined; status: number }[] = [];
  readonly intents = new Map<string, Record<string, unknown>>();
  /** Each calculation's total, tax included, by id. */
  private readonly totals = new Map<string, number>();
  /** Each transaction's total and what its reversals took back (`full`: reversed whole), by id. */
  private readonly ledger = new Map<string, { total: number; reversed: number; full: boolean }>();
  private readonly references = new Set<string>();
  /** Answers already given, by idempotency key: Stripe answers a repeated key with the first answer. */
  private readonly answered = new Map<string, [number, unknown]>();
  /** Thousandths of a percent per state, as Stripe's registrations would tax it; a state not listed is refused as Stripe refuses an address. */
  readonly rates: Record<string, { lines: number; shipping: number }> = {
    NY: { lines: 8875, shipping: 8875 },
    CA: { lines: 7250, shipping: 0 },
  };
  /** Calculations to refuse from now on (a 400, as Stripe refuses a request): 0 answers them all. */
  refuseCalculations = 0;
  private readonly server = http.createServer((req, res) => this.answer(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse) {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(json));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_test_'))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      const params = new URLSearchParams(body);
      if (req.method === 'POST' && req.url === '/v1/tax/calculations') {
        this.calculations.push(params);
        if (this.refuseCalculations > 0) {
          this.refuseCalculations--;
          return send(400, { error: { type: 'invalid_request_error', message: 'The stand-in refuses this calculation' } });
        }
        return send(...this.calculation(params));
      }
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const once = (answer: () => [number, unknown]) => {
        const given = idempotencyKey ? this.answered.get(idempotencyKey) : undefined;
        const [status, json] = given ?? answer();
        if (idempotencyKey) this.answered.set(idempotencyKey, [status, json]);
        return send(status, json);
      };
      if (req.method === 'POST' && req.url === '/v1/tax/transactions/create_from_calculation') {
        this.transactions.push({ params, idempotencyKey });
        return once(() => {
          const id = `tax_${randomBytes(8).toString('hex')}`;
          this.ledger.set(id, { total: this.totals.get(params.get('calculation') ?? '') ?? 0, reversed: 0, full: false });
          this.references.add(params.get('reference') ?? '');
          return [200, { id, object: 'tax.transaction', reference: params.get('reference'), type: 'transaction', livemode: false }];
        });
      }
      if (req.method === 'POST' && req.url === '/v1/tax/transactions/create_reversal')
        return once(() => {
          const answer = this.reversal(params);
          this.reversals.push({ params, idempotencyKey, status: answer[0] });
          return answer;
        });
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const intent = this.intents.get(params.get('payment_intent') ?? '');
        if (!intent)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
        return once(() => [
          200,
          {
            id: `re_${randomBytes(8).toString('hex')}`,
            object: 'refund',
            amount: Number(params.get('amount') ?? intent.amount),
            currency: intent.currency,
            payment_intent: intent.id,
            status: 'succeeded',
          },
        ]);
      }
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(params.get('amount')),
          currency: params.get('currency'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: { orderId: params.get('metadata[orderId]') },
        };
        this.intents.set(id, intent);
        return send(200, intent);
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
    });
  }

  /** A reversal transaction as Stripe answers it, or its refusal. */
  private reversal(params: URLSearchParams): [number, unknown] {
    const refuse = (status: number, message: string) =>
      [status, { error: { type: 'invalid_request_error', message } }] as [number, unknown];
    const original = this.ledger.get(params.get('original_transaction') ?? '');
    if (!original) return refuse(404, 'No such tax transaction');
    const reference = params.get('reference') ?? '';
    if (!reference || this.references.has(reference)) return refuse(400, 'The reference must be unique across all transactions');
    const mode = params.get('mode');
    if (original.full || original.reversed >= original.total) return refuse(400, 'The transaction has been fully reversed already');
    if (mode === 'full') {
      if (original.reversed > 0) return refuse(400, 'A partially reversed transaction cannot be fully reversed');
      original.full = true;
    } else if (mode === 'partial') {
      const flat = Number(params.get('flat_amount'));
      if (!Number.isInteger(flat) || flat >= 0) return refuse(400, 'flat_amount must be a negative integer');
      if (original.reversed - flat > original.total) return refuse(400, 'The reversal is more than what is left of the transaction');
      original.reversed -= flat;
    } else return refuse(400, 'Invalid mode');
    this.references.add(reference);
    return [
      200,
      {
        id: `tax_${randomBytes(8).toString('hex')}`,
        object: 'tax.transaction',
        reference,
        type: 'reversal',
        reversal: { original_transaction: params.get('original_transaction') },
        livemode: false,
      },
    ];
  }

  /** A tax.calculation as Stripe answers it, its line items expanded. */
  private calculation(params: URLSearchParams): [number, unknown] {
    const state = params.get('customer_details[address][state]') ?? '';
    const rate = this.rates[state];
    if (!rate)
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'customer_tax_location_invalid',
            message: 'We could not determine the customer’s tax location based on the provided customer address.',
          },
        },
      ];
    const inclusive = params.get('line_items[0][tax_behavior]') === 'inclusive';
    const taxOf = (amount: number, rate: number) => Math.round((amount * rate) / (inclusive ? 100_000 + rate : 100_000));
    const items = [];
    for (let i = 0; params.has(`line_items[${i}][amount]`); i++) {
      const amount = Number(params.get(`line_items[${i}][amount]`));
      const nontaxable = params.get(`line_items[${i}][tax_code]`) === 'txcd_00000000';
      items.push({
        id: `tax_li_${randomBytes(6).toString('hex')}`,
        object: 'tax.calculation_line_item',
        amount,
        amount_tax: nontaxable ? 0 : taxOf(amount, rate.lines),
        livemode: false,
        product: null,
        quantity: 1,
        reference: params.get(`line_items[${i}][reference]`),
        tax_behavior: inclusive ? 'inclusive' : 'exclusive',
        tax_code: params.get(`line_items[${i}][tax_code]`) ?? 'txcd_99999999',
      });
    }
    const shipping = Number(params.get('shipping_cost[amount]') ?? 0);
    const shippingTax = taxOf(shipping, rate.shipping);
    const tax = items.reduce((sum, item) => sum + item.amount_tax, shippingTax);
    const goods = items.reduce((sum, item) => sum + item.amount, shipping);
    const id = `taxcalc_${randomBytes(8).toString('hex')}`;
    this.totals.set(id, inclusive ? goods : goods + tax);
    return [
      200,
      {
        id,
        object: 'tax.calculation',
        amount_total: inclusive ? goods : goods + tax,
        currency: params.get('currency'),
        customer: null,
        customer_details: {
          address: {
            country: params.get('customer_details[address][country]'),
            state,
            postal_code: params.get('customer_details[address][postal_code]'),
          },
          address_source: 'shipping',
          tax_ids: [],
          taxability_override: 'none',
        },
        expires_at: Math.floor(Date.now() / 1000) + 90 * 86_400,
        line_items: { object: 'list', data: items, has_more: false, url: '/v1/tax/calculations/taxcalc/line_items' },
        livemode: false,
        shipping_cost: {
          amount: shipping,
          amount_tax: shippingTax,
          tax_behavior: inclusive ? 'inclusive' : 'exclusive',
          tax_code: 'txcd_92010001',
        },
        tax_amount_exclusive: inclusive ? 0 : tax,
        tax_amount_inclusive: inclusive ? tax : 0,
        tax_breakdown: [],
        tax_date: Math.floor(Date.now() / 1000),
      },
    ];
  }
}

const WEBHOOK_SECRET = 'whsec_test_tax';
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id totals { subtotal { amount } shipping { amount } tax { amount } total { amount } } lines { tax { amount } taxRatePercent } } }`;
const STATUS = 'query { taxProviderStatus { provider lastCalculationAt lastError } }';
const NEW_YORK = { ...US, line1: '1 Broadway', city: 'New York', region: 'NY', postalCode: '10004' };
const TEXAS = { ...US, line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '78701' };

const stripe = new Stripe('sk_test_unused');
const standIn = new StripeTaxStandIn();
let app: TestApp;
let admin: TestSession;
let shopper: TestSession;

beforeAll(async () => {
  const apiUrl = await standIn.start();
  app = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_keen',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_keen',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
    TAX_PROVIDER: 'stripe',
    MAX_UNPAID_ORDERS: '50',
  });
  admin = await app.adminUser();
  shopper = await app.customer('stripe-tax');
  const zone = await app.gql(
    'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
    {
      input: { name: 'United States', countries: ['US'] },
    },
    admin,
  );
  await app.gql(
    'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
    {
      input: { zoneId: zone.data!.createShippingZone.id, name: 'Standard', price: 1000, minDays: 2, maxDays: 5 },
    },
    admin,
  );
});
afterAll(async () => {
  await app.close();
  await standIn.stop();
});

const place = (shippingAddress: Record<string, unknown>, productId: string, quantity = 2) =>
  app.gql(PLACE, { input: { lines: [{ productId, quantity }], shippingAddress, phone: US.phone } }, shopper);

/** A Stripe webhook delivery of `type` about `object`, signed as Stripe signs it. */
async function webhook(type: string, object: Record<string, unknown>): Promise<void> {
  const payload = JSON.stringify({ id: `evt_${randomBytes(6).toString('hex')}`, object: 'event', type, data: { object } });
  const response = await fetch(`${app.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(response.status).toBe(200);
}

/** Reads `read` until `done` says so (the follow-ups run after the commit), at most about 20 seconds. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let tries = 0; !done(value) && tries < 200; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** A NY order of `quantity` knives at $100 paid at Stripe, once its tax transaction is recorded. */
async function paidOrder(quantity: number): Promise<{ order: Order; intentId: string }> {
  const knife = await app.product({ price: 100, quantity: 20 });
  const placed = await place(NEW_YORK, knife.id, quantity);
  expect(placed.errors).toBeUndefined();
  const orderId = placed.data!.placeOrder.id;
  const created = await app.gql('mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }', { orderId }, shopper);
  const intent = standIn.intents.get(created.data!.createPaymentIntent.id)!;
  await webhook('payment_intent.succeeded', { ...intent, status: 'succeeded' });
  const order = await eventually(
    () => app.db.getRepository(Order).findOneByOrFail({ id: orderId }),
    (read) => read.taxTransactionId !== null,
  );
  expect(order.taxTransactionId).toMatch(/^tax_/);
  return { order, intentId: intent.id as string };
}

const REFUND = `mutation($orderId: ID!, $input: RefundInput!) {
  refundOrder(orderId: $orderId, input: $input) { state refunds { id creditNoteNumber amount { amount } } } }`;

/** The reversals Stripe was asked for against a transaction, as sent. */
const reversalsOf = (transactionId: string) =>
  standIn.reversals
    .filter((reversal) => reversal.params.get('original_transaction') === transactionId)
    .map((reversal) => ({ ...Object.fromEntries(reversal.params), idempotencyKey: reversal.idempotencyKey, status: reversal.status }));

/** The order's refunds with their reversals, once each has one. */
const reversedRefunds = (orderId: string, count: number) =>
  eventually(
    () => app.db.getRepository(Refund).find({ where: { orderId }, order: { createdAt: 'ASC' } }),
    (refunds) => refunds.length === count && refunds.every((refund) => refund.taxReversalId !== null),
  );

test("the order's tax is Stripe Tax's: the request carries each line's amount and reference, the address and shipping; the calculation is kept", async () => {
  const knife = await app.product({ price: 100, quantity: 20 });
  const before = standIn.calculations.length;
  const answer = await place(NEW_YORK, knife.id);
  expect(answer.errors).toBeUndefined();
  const request = standIn.calculations[before];
  expect(Object.fromEntries(request)).toEqual({
    currency: 'usd',
    'line_items[0][amount]': '20000',
    'line_items[0][reference]': 'line-1',
    'line_items[0][tax_behavior]': 'exclusive',
    'customer_details[address][country]': 'US',
    'customer_details[address][state]': 'NY',
    'customer_details[address][postal_code]': '10004',
    'customer_details[address_source]': 'shipping',
    'shipping_cost[amount]': '1000',
    'shipping_cost[tax_behavior]': 'exclusive',
    'expand[0]': 'line_items',
  });
  // 8.875% of $200 is $17.75, of $10 $0.89; the line's rate read back from Stripe's amounts is 8.875%.
  expect(answer.data!.placeOrder).toMatchObject({
    totals: { subtotal: { amount: 20000 }, shipping: { amount: 1000 }, tax: { amount: 1864 }, total: { amount: 22864 } },
    lines: [{ tax: { amount: 1775 }, taxRatePercent: 8.875 }],
  });
  const order = await app.db.getRepository(Order).findOneByOrFail({ id: answer.data!.placeOrder.id });
  expect(order.taxCalculationId).toMatch(/^taxcalc_/);
  expect(order.taxTransactionId).toBeNull();
  const status = (await app.gql(STATUS, {}, admin)).data!.taxProviderStatus;
  expect(status).toMatchObject({ provider: 'stripe', lastError: null });
  expect(new Date(status.lastCalculationAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
});

test('a calculation Stripe refuses refuses the checkout: no order, no stock taken, and the status says why', async () => {
  const knife = await app.product({ price: 100, quantity: 20 });
  const orders = await app.db.getRepository(Order).count();
  const answer = await place(TEXAS, knife.id, 3);
  expect(codeOf(answer)).toBe('SERVICE_UNAVAILABLE');
  expect(messageOf(answer)).toBe('Tax could not be calculated; please try again');
  expect(await app.db.getRepository(Order).count()).toBe(orders);
  expect((await app.db.getRepository(Product).findOneByOrFail({ id: knife.id })).quantity).toBe(20);
  const status = (await app.gql(STATUS, {}, admin)).data!.taxProviderStatus;
  expect(status.lastError).toContain('tax location');
  // REST too: a 503 in the same words.
  const rest = await fetch(`${app.url}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
    body: JSON.stringify({ productId: knife.id, quantity: 1, phone: US.phone, shippingAddress: TEXAS }),
  });
  expect(rest.status).toBe(503);
  expect(((await rest.json()) as { message: string }).message).toBe('Tax could not be calculated; please try again');
  expect(await app.db.getRepository(Order).count()).toBe(orders);
});

test('once the order is paid, a tax transaction is recorded from its calculation with the order as reference, once', async () => {
  const knife = await app.product({ price: 50, quantity: 20 });
  const placed = await place(NEW_YORK, knife.id, 1);
  const orderId = placed.data!.placeOrder.id;
  const { taxCalculationId } = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
  const created = await app.gql('mutation($orderId: ID!) { createPaymentIntent(orderId: $orderId) { id } }', { orderId }, shopper);
  expect(created.errors).toBeUndefined();
  const intent = standIn.intents.get(created.data!.createPaymentIntent.id)!;
  const payload = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { ...intent, status: 'succeeded' } },
  });
  const webhook = await fetch(`${app.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(webhook.status).toBe(200);
  let order = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
  for (let tries = 0; !order.taxTransactionId && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    order = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
  }
  expect(order.paid).toBe(true);
  expect(order.taxTransactionId).toMatch(/^tax_/);
  const recorded = standIn.transactions.filter((transaction) => transaction.params.get('reference') === orderId);
  expect(recorded).toHaveLength(1);
  expect(Object.fromEntries(recorded[0].params)).toEqual({ calculation: taxCalculationId, reference: orderId });
  expect(recorded[0].idempotencyKey).toBe(`keen-tax-transaction-${orderId}`);
});

describe('refunds reverse the tax transaction at Stripe', () => {
  test('a partial refund reverses its amount, tax included (mode=partial, negative flat_amount); refunding the rest reverses the rest', async () => {
    const { order } = await paidOrder(2);
    // $200 of goods and $10 of delivery at 8.875%: $228.64.
    expect(order.totalAmount).toBe(22864);
    const [line] = await app.db.getRepository(OrderLine).findBy({ orderId: order.id });
    const first = await app.gql(REFUND, { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1, restock: false }] } }, admin);
    expect(first.errors).toBeUndefined();
    expect(first.data!.refundOrder.state).toBe('PartiallyRefunded');
    const [refund] = first.data!.refundOrder.refunds;
    // One of two units: half the line, its tax included.
    expect(refund.amount.amount).toBe(10888);
    const [stored] = await reversedRefunds(order.id, 1);
    expect(stored.taxReversalId).toMatch(/^tax_/);
    expect(reversalsOf(order.taxTransactionId!)).toEqual([
      {
        mode: 'partial',
        original_transaction: order.taxTransactionId,
        reference: refund.creditNoteNumber,
        flat_amount: '-10888',
        idempotencyKey: `keen-tax-reversal-${refund.id}`,
        status: 200,
      },
    ]);

    const rest = await app.gql(
      REFUND,
      { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1, restock: false }], delivery: true } },
      admin,
    );
    expect(rest.errors).toBeUndefined();
    expect(rest.data!.refundOrder.state).toBe('Refunded');
    const second = rest.data!.refundOrder.refunds[1];
    expect(second.amount.amount).toBe(22864 - 10888);
    const both = await reversedRefunds(order.id, 2);
    expect(new Set(both.map((one) => one.taxReversalId)).size).toBe(2);
    const sent = reversalsOf(order.taxTransactionId!);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      mode: 'partial',
      original_transaction: order.taxTransactionId,
      reference: second.creditNoteNumber,
      flat_amount: String(-(22864 - 10888)),
      idempotencyKey: `keen-tax-reversal-${second.id}`,
      status: 200,
    });
    // Every reversal Stripe accepted, none asked twice.
    expect(sent.every((one) => one.status === 200)).toBe(true);
  });

  test('a refund of the whole order reverses the whole transaction (mode=full), without an amount', async () => {
    const { order } = await paidOrder(1);
    const [line] = await app.db.getRepository(OrderLine).findBy({ orderId: order.id });
    const answer = await app.gql(
      REFUND,
      { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1, restock: true }], delivery: true } },
      admin,
    );
    expect(answer.errors).toBeUndefined();
    const [refund] = answer.data!.refundOrder.refunds;
    expect(refund.amount.amount).toBe(order.totalAmount);
    const [stored] = await reversedRefunds(order.id, 1);
    expect(stored.taxReversalId).toMatch(/^tax_/);
    expect(reversalsOf(order.taxTransactionId!)).toEqual([
      {
        mode: 'full',
        original_transaction: order.taxTransactionId,
        reference: refund.creditNoteNumber,
        idempotencyKey: `keen-tax-reversal-${refund.id}`,
        status: 200,
      },
    ]);
  });

  test("an order refunded at Stripe is reversed once its credit note is recorded, by that credit note's number", async () => {
    const { order, intentId } = await paidOrder(1);
    await webhook('charge.refunded', {
      id: `ch_${randomBytes(6).toString('hex')}`,
      object: 'charge',
      amount: order.totalAmount,
      amount_refunded: order.totalAmount,
      refunded: true,
      payment_intent: intentId,
    });
    const [refund] = await reversedRefunds(order.id, 1);
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).state).toBe('Refunded');
    expect(refund.amount).toBe(order.totalAmount);
    expect(refund.taxReversalId).toMatch(/^tax_/);
    expect(reversalsOf(order.taxTransactionId!)).toEqual([
      {
        mode: 'full',
        original_transaction: order.taxTransactionId,
        reference: refund.creditNoteNumber,
        idempotencyKey: `keen-tax-reversal-${refund.id}`,
        status: 200,
      },
    ]);
  });
});

describe("staff's price adjustment of an unpaid order Stripe Tax priced", () => {
  const ADJUST = `mutation($orderId: ID!, $input: PriceAdjustmentInput!) { adjustOrderPrice(orderId: $orderId, input: $input) {
    id lines { tax { amount } } totals { adjustments { amount } tax { amount } total { amount } } } }`;

  test("a new calculation on the adjusted amounts replaces the order's; one Stripe refuses refuses the adjustment and changes nothing", async () => {
    const knife = await app.product({ price: 100, quantity: 20 });
    const placed = await place(NEW_YORK, knife.id, 1);
    expect(placed.errors).toBeUndefined();
    const orderId = placed.data!.placeOrder.id;
    const before = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
    // $100 and $10 delivery at 8.875%: $8.88 and $0.89.
    expect(before.totalAmount).toBe(11977);
    const asked = standIn.calculations.length;

    const adjusted = await app.gql(ADJUST, { orderId, input: { amount: -2000, reason: 'Scratched handle' } }, admin);
    expect(adjusted.errors).toBeUndefined();
    // Stripe is asked again, with the line as adjusted ($80) and delivery as it was.
    expect(standIn.calculations).toHaveLength(asked + 1);
    expect(Object.fromEntries(standIn.calculations[asked])).toMatchObject({
      'line_items[0][amount]': '8000',
      'line_items[0][tax_behavior]': 'exclusive',
      'customer_details[address][state]': 'NY',
      'customer_details[address][postal_code]': '10004',
      'shipping_cost[amount]': '1000',
    });
    // 8.875% of $80 is $7.10, of $10 $0.89.
    expect(adjusted.data!.adjustOrderPrice).toMatchObject({
      lines: [{ tax: { amount: 710 } }],
      totals: { adjustments: { amount: -2000 }, tax: { amount: 799 }, total: { amount: 8000 + 1000 + 799 } },
    });
    const after = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
    expect(after.taxCalculationId).toMatch(/^taxcalc_/);
    expect(after.taxCalculationId).not.toBe(before.taxCalculationId);
    expect([after.taxAmount, after.totalAmount]).toEqual([799, 9799]);

    standIn.refuseCalculations = 2;
    const refused = await app.gql(ADJUST, { orderId, input: { amount: -500, reason: 'Another scratch' } }, admin);
    standIn.refuseCalculations = 0;
    expect(codeOf(refused)).toBe('SERVICE_UNAVAILABLE');
    expect(messageOf(refused)).toBe('Tax could not be calculated; please try again');
    const unchanged = await app.db.getRepository(Order).findOneByOrFail({ id: orderId });
    expect([unchanged.taxCalculationId, unchanged.taxAmount, unchanged.totalAmount, unchanged.adjustmentAmount]).toEqual([
      after.taxCalculationId,
      799,
      9799,
      -2000,
    ]);
    const [line] = await app.db.getRepository(OrderLine).findBy({ orderId });
    expect([line.adjustmentAmount, line.taxAmount]).toEqual([-2000, 710]);
    const adjustments: unknown[] = await app.db.query(`SELECT 1 FROM "order_adjustment" WHERE "orderId" = $1`, [orderId]);
    expect(adjustments).toHaveLength(1);

    // Staff's only: anonymous callers are refused before their input is read, customers outright; Stripe is not asked.
    const calculations = standIn.calculations.length;
    expect(codeOf(await app.gql(ADJUST, { orderId, input: { amount: 0, reason: '' } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(ADJUST, { orderId, input: { amount: -100, reason: 'Mine' } }, shopper))).toBe('FORBIDDEN');
    expect(standIn.calculations).toHaveLength(calculations);
  });
});
