import { Product } from '../../src/modules/catalog/product.entity';
import { Refund } from '../../src/modules/invoicing/refund.entity';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { Order, OrderState } from '../../src/modules/orders/order.entity';
import { moveOrder, PROVIDER } from '../../src/modules/orders/order-state-machine';
import { TestRefund } from '../../src/modules/payments/test-payment-intent.entity';
import { pdfText as textOf } from '../support/pdf-text';
import { orderOf, PLACE, ukZone } from '../discounts/support';
import { issueCard, ledgerSum } from '../gift-cards/support';
import { restClient } from '../support/rest-client';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
let admin: TestSession;
let api: ReturnType<typeof restClient>;
beforeAll(async () => {
  app = await startTestApp({
    SELLER_NAME: 'Keen Blades Ltd',
    SELLER_ADDRESS: '1 Forge Lane\\nSheffield S1 2AB',
    SELLER_VAT_NUMBER: 'GB123456789',
    INVOICE_PREFIX: 'INV',
    CREDIT_NOTE_PREFIX: 'CN',
  });
  admin = await app.adminUser();
  api = restClient(app);
});
afterAll(() => app.close());

const REFUND = `mutation($orderId: ID!, $input: RefundInput!) {
  refundOrder(orderId: $orderId, input: $input) {
    id state invoiceNumber invoiceUrl totals { total { amount } refunded { amount } }
    lines { id quantity refundedQuantity }
    refunds { id creditNoteNumber creditNoteUrl amount { amount } extra { amount } reason card { amount } giftCards { amount } lines { lineId name quantity restocked amount { amount } } }
  }
}`;

/** A paid order of `quantity` units at $25 each, with its customer. */
async function paidOrder(quantity = 3) {
  const customer = await app.customer();
  const product = await app.product({ quantity: 10 });
  const placed = await app.placeOrder(customer, product.id, quantity);
  const order = await app.payOrder(customer, placed.id);
  const [line] = await app.db.getRepository(OrderLine).findBy({ orderId: order.id });
  return { customer, product, order, line };
}

const stockOf = async (productId: string) => (await app.db.getRepository(Product).findOneByOrFail({ id: productId })).quantity;
const counterOf = (number: string) => Number(number.split('-').at(-1));

/** The PDF's text, as a reader would find it. */
async function pdfText(path: string, as: TestSession | string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${app.url}/api${path}`, { headers: { authorization: `Bearer ${typeof as === 'string' ? as : as.token}` } });
  if (response.status !== 200) return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  return { status: 200, type: response.headers.get('content-type'), text: await textOf(Buffer.from(await response.arrayBuffer())) };
}

describe('partial refunds', () => {
  test('an admin refunds units (one back to stock) and an amount, then the rest: never more than was paid', async () => {
    const { order, line, product } = await paidOrder(3);
    expect(order.state).toBe(OrderState.Paid);
    expect(order.totalAmount).toBe(7500);
    const stock = await stockOf(product.id);

    const first = await app.gql(
      REFUND,
      { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1, restock: true }], amount: 500, reason: 'Scratched handle' } },
      admin,
    );
    expect(first.errors).toBeUndefined();
    const partly = first.data!.refundOrder;
    expect(partly.state).toBe('PartiallyRefunded');
    expect(partly.totals.refunded.amount).toBe(3000);
    expect(partly.lines[0]).toMatchObject({ quantity: 3, refundedQuantity: 1 });
    expect(partly.refunds).toHaveLength(1);
    expect(partly.refunds[0]).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
      amount: { amount: 3000 },
      extra: { amount: 500 },
      reason: 'Scratched handle',
      card: { amount: 3000 },
      giftCards: { amount: 0 },
      lines: [{ lineId: line.id, quantity: 1, restocked: 1, amount: { amount: 2500 } }],
    });
    expect(await stockOf(product.id)).toBe(stock + 1);
    // The provider refunded the card payment that much, once.
    expect(await app.db.getRepository(TestRefund).findBy({ intentId: order.paymentIntentId! })).toEqual([
      expect.objectContaining({ amount: 3000, idempotencyKey: `keen-refund-${order.id}-1` }),
    ]);

    // Past the limit: refused, naming it, and nothing changes.
    const tooMuch = await app.gql(
      REFUND,
      { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 2 }], amount: 1, reason: 'One cent more' } },
      admin,
    );
    expect(codeOf(tooMuch)).toBe('BAD_USER_INPUT');
    expect(messageOf(tooMuch)).toBe('At most $45.00 can be refunded (what was paid less earlier refunds); this refund is $50.01');
    const units = await app.gql(REFUND, { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 3 }] } }, admin);
    expect(messageOf(units)).toMatch(/^At most 2 of .* can be refunded$/);
    expect(messageOf(await app.gql(REFUND, { orderId: order.id, input: { amount: 100 } }, admin))).toBe('Say why the amount is refunded');
    expect(messageOf(await app.gql(REFUND, { orderId: order.id, input: {} }, admin))).toBe(
      'Choose what to refund: units of a line, the delivery price or an amount',
    );
    expect(await app.db.getRepository(Refund).countBy({ orderId: order.id })).toBe(1);
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).refundedAmount).toBe(3000);

    // Exactly what is left: the order is Refunded, the unit kept out of stock as asked.
    const rest = await app.gql(
      REFUND,
      { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1 }], amount: 2000, reason: 'The rest' } },
      admin,
    );
    expect(rest.errors).toBeUndefined();
    expect(rest.data!.refundOrder).toMatchObject({ state: 'Refunded', totals: { refunded: { amount: 7500 } } });
    expect(await stockOf(product.id)).toBe(stock + 1);
    const refundedRest = await app.db.getRepository(Refund).findBy({ orderId: order.id });
    expect(refundedRest.map((refund) => refund.amount).sort()).toEqual([3000, 4500]);
    // The total refunded is what was paid; the REST order says so.
    const rested = await api('GET', `/orders/${order.id}`, { as: admin });
    expect(rested.body).toMatchObject({ state: 'Refunded', refunded: 75, totalPrice: 75, invoiceNumber: order.invoiceNumber });
    expect(messageOf(await app.gql(REFUND, { orderId: order.id, input: { amount: 1, reason: 'more' } }, admin))).toBe(
      'This order was refunded',
    );
  });

  test("gift cards get their part back first, once: the whole refund's return adds nothing more", async () => {
    const customer = await app.customer();
    const product = await app.product({ quantity: 10 });
    const card = await issueCard(app, admin, 2000);
    const placed = await app.gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id totals { giftCards { amount } amountDue { amount } } } }',
      {
        input: {
          productId: product.id,
          quantity: 3,
          phone: '+1 555 0100',
          address: '1 Test Street, United States',
          giftCards: [card.code],
        },
      },
      customer,
    );
    expect(placed.data!.placeOrder.totals).toEqual({ giftCards: { amount: 2000 }, amountDue: { amount: 5500 } });
    const order = await app.payOrder(customer, placed.data!.placeOrder.id);
    const [line] = await app.db.getRepository(OrderLine).findBy({ orderId: order.id });
    expect(await ledgerSum(app, card.id)).toBe(0);

    const first = await app.gql(REFUND, { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1 }] } }, admin);
    expect(first.data!.refundOrder.refunds[0]).toMatchObject({
      amount: { amount: 2500 },
      giftCards: { amount: 2000 },
      card: { amount: 500 },
    });
    expect(await ledgerSum(app, card.id)).toBe(2000);

    const rest = await app.gql(REFUND, { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 2 }] } }, admin);
    expect(rest.data!.refundOrder).toMatchObject({ state: 'Refunded', totals: { refunded: { amount: 7500 } } });
    expect(rest.data!.refundOrder.refunds[1]).toMatchObject({ giftCards: { amount: 0 }, card: { amount: 5000 } });
    await app.settled();
    expect(await ledgerSum(app, card.id)).toBe(2000);
    expect(await app.db.getRepository(TestRefund).findBy({ intentId: order.paymentIntentId! })).toHaveLength(2);
  });

  test('the provider refusing a refund leaves the order as it was and says why', async () => {
    const { order, line, product } = await paidOrder(2);
    // Refunded at the provider by other means: less is left there than the order says.
    await app.services.payments.provider.refund(order.paymentIntentId!, { amount: 4000, idempotencyKey: 'at-the-dashboard' });
    const stock = await stockOf(product.id);
    const counter = await app.db.query(`SELECT coalesce(max("last"), 0) AS last FROM "document_counter" WHERE "series" = 'creditNote'`);

    const refused = await app.gql(
      REFUND,
      { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1, restock: true }] } },
      admin,
    );
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(messageOf(refused)).toBe(
      'The payment provider refused the refund: Refund amount (2500) is greater than unrefunded amount on charge (1000)',
    );
    const after = await app.db.getRepository(Order).findOneByOrFail({ id: order.id });
    expect(after).toMatchObject({ state: OrderState.Paid, refundedAmount: 0 });
    expect(await app.db.getRepository(Refund).countBy({ orderId: order.id })).toBe(0);
    expect(await stockOf(product.id)).toBe(stock);
    expect(await app.db.query(`SELECT coalesce(max("last"), 0) AS last FROM "document_counter" WHERE "series" = 'creditNote'`)).toEqual(
      counter,
    );
  });

  test('only an admin or an orders:write key refunds: anonymous 401, a customer 403, an unpaid order refused', async () => {
    const { order, line, customer } = await paidOrder(1);
    const input = { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1 }] } };
    expect(codeOf(await app.gql(REFUND, input))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(REFUND, input, customer))).toBe('FORBIDDEN');
    const readKey = await createKey(['orders:read', 'invoices:read']);
    expect(codeOf(await app.gql(REFUND, input, readKey))).toBe('FORBIDDEN');
    const unpaid = await app.placeOrder(customer, (await app.product()).id, 1);
    expect(messageOf(await app.gql(REFUND, { orderId: unpaid.id, input: { amount: 100, reason: 'x' } }, admin))).toBe(
      'An unpaid order cannot be refunded',
    );
    const writeKey = await createKey(['orders:write']);
    const refunded = await app.gql(REFUND, { ...input, input: { amount: 100, reason: 'Late delivery' } }, writeKey);
    expect(refunded.errors).toBeUndefined();
    expect(refunded.data!.refundOrder.state).toBe('PartiallyRefunded');
  });

  test('a partly refunded order still ships, and can be refunded again after', async () => {
    const { order, line } = await paidOrder(2);
    await app.gql(REFUND, { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1 }] } }, admin);
    const shipped = await app.gql('mutation($id: ID!) { markShipped(id: $id) { state } }', { id: order.id }, admin);
    expect(shipped.data!.markShipped.state).toBe('Shipped');
    const again = await app.gql(REFUND, { orderId: order.id, input: { amount: 500, reason: 'Arrived late' } }, admin);
    expect(again.data!.refundOrder).toMatchObject({ state: 'PartiallyRefunded', totals: { refunded: { amount: 3000 } } });
  });
});

async function createKey(scopes: string[]): Promise<string> {
  const { data, errors } = await app.gql(
    'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { name: `Key ${scopes.join(' ')}`, scopes } },
    admin,
  );
  if (errors) throw new Error(JSON.stringify(errors));
  return data!.createApiKey.secret as string;
}

describe('invoice and credit-note numbers', () => {
  test('concurrent payments and a rolled-back one: no gap and no repeat', async () => {
    const orders = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const customer = await app.customer();
        return { customer, order: await app.placeOrder(customer, (await app.product({ quantity: 5 })).id, 1) };
      }),
    );
    const [{ order: rolledBack }] = orders;
    // A payment whose transaction rolls back after it took a number gives the number back.
    await expect(
      app.db.transaction(async (manager) => {
        await moveOrder(manager, rolledBack.id, OrderState.Paid, PROVIDER, { invoicePrefix: 'INV' });
        throw new Error('the payment failed after it was numbered');
      }),
    ).rejects.toThrow('the payment failed');
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: rolledBack.id })).invoiceNumber).toBeNull();

    const before: { last: number }[] = await app.db.query(
      `SELECT "last" FROM "document_counter" WHERE "series" = 'invoice' AND "prefix" = 'INV'`,
    );
    const paid = await Promise.all(orders.map(({ customer, order }) => app.payOrder(customer, order.id)));
    const numbers = paid.map((order) => order.invoiceNumber!);
    const year = new Date().getUTCFullYear();
    for (const number of numbers) expect(number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    const counters = numbers.map(counterOf).sort((a, b) => a - b);
    const start = (before[0]?.last ?? 0) + 1;
    expect(counters).toEqual(Array.from({ length: 6 }, (_, index) => start + index));
  });

  test('concurrent refunds of different orders take consecutive credit notes', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => paidOrder(1)));
    const answers = await Promise.all(
      orders.map(({ order }) => app.gql(REFUND, { orderId: order.id, input: { amount: 100, reason: 'Goodwill' } }, admin)),
    );
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const counters = answers.map((answer) => counterOf(answer.data!.refundOrder.refunds[0].creditNoteNumber)).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 4 }, (_, index) => counters[0] + index));
  });
});

describe('invoice and credit-note PDFs', () => {
  test("the invoice's and the credit note's text match the order's figures; who may download them", async () => {
    const { order, line, customer } = await paidOrder(3);
    const { data } = await app.gql(
      REFUND,
      { orderId: order.id, input: { lines: [{ lineId: line.id, quantity: 1 }], amount: 250, reason: 'Gift box missing' } },
      admin,
    );
    const refund = data!.refundOrder.refunds[0];
    expect(data!.refundOrder.invoiceUrl).toBe(`/api/orders/${order.id}/invoice.pdf`);

    const invoice = await pdfText(`/orders/${order.id}/invoice.pdf`, customer);
    expect(invoice.status).toBe(200);
    expect(invoice.type).toBe('application/pdf');
    for (const expected of [
      `Invoice ${order.invoiceNumber}`,
      'Keen Blades Ltd',
      '1 Forge Lane',
      'Sheffield S1 2AB',
      'VAT number: GB123456789',
      'customer name',
      '1 Test Street',
      `Date of supply: ${order.paidAt!.toISOString().slice(0, 10)}`,
      line.name,
      '$25.00',
      '$75.00',
      'Total (USD): $75.00',
      '0%: $75.00 net, $0.00 tax, $75.00 in all',
    ])
      expect(invoice.text).toContain(expected);

    const note = await pdfText(`/orders/${order.id}/credit-notes/${refund.id}.pdf`, customer);
    expect(note.status).toBe(200);
    for (const expected of [
      `Credit note ${refund.creditNoteNumber}`,
      `Refers to invoice: ${order.invoiceNumber}`,
      line.name,
      'Refund: Gift box missing',
      '$2.50',
      'Total refunded (USD): $27.50',
    ])
      expect(note.text).toContain(expected);

    // Anonymous 401; another customer 403; a key needs invoices:read; an unpaid order has no invoice.
    expect((await api('GET', `/orders/${order.id}/invoice.pdf`)).status).toBe(401);
    expect((await pdfText(`/orders/${order.id}/invoice.pdf`, await app.customer())).status).toBe(403);
    expect((await pdfText(`/orders/${order.id}/invoice.pdf`, await createKey(['orders:read']))).status).toBe(403);
    const keyed = await pdfText(`/orders/${order.id}/credit-notes/${refund.id}.pdf`, await createKey(['invoices:read']));
    expect(keyed.status).toBe(200);
    expect(keyed.text).toContain(refund.creditNoteNumber);
    const unpaid = await app.placeOrder(customer, (await app.product()).id, 1);
    const none = await api('GET', `/orders/${unpaid.id}/invoice.pdf`, { as: customer });
    expect(none).toMatchObject({ status: 404, body: { message: 'This order has no invoice yet: it gets one when it is paid' } });
    expect((await api('GET', `/orders/${order.id}/credit-notes/${unpaid.id}.pdf`, { as: customer })).status).toBe(404);
  });
});

describe('a whole refund by deleting a paid order', () => {
  test('gets a credit note for everything, and the Overview counts the refunds off its sales', async () => {
    const overview = async () => {
      const { data } = await app.gql('{ overview { days { day sales { amount } } } }', {}, admin);
      return (data!.overview.days as { sales: { amount: number } }[]).at(-1)!.sales.amount;
    };
    const before = await overview();
    const partly = await paidOrder(2);
    await app.gql(REFUND, { orderId: partly.order.id, input: { amount: 1000, reason: 'Price match' } }, admin);
    expect(await overview()).toBe(before + 5000 - 1000);

    const whole = await paidOrder(2);
    expect((await api('DELETE', `/orders?id=${whole.order.id}`, { as: admin })).status).toBe(200);
    await app.settled();
    const [note] = await app.db.getRepository(Refund).findBy({ orderId: whole.order.id });
    expect(note).toMatchObject({
      amount: 5000,
      cardAmount: 5000,
      createdBy: admin.email,
      lines: [expect.objectContaining({ quantity: 2 })],
    });
    expect(await overview()).toBe(before + 5000 - 1000);
  });
});

// Last: a shipping zone means the shop ships only to its zones' countries.
describe('tax on a refunded amount', () => {
  test("an amount refunded of a taxed order carries its tax: split over the invoice's rates as paid at each", async () => {
    await ukZone(app, admin);
    const customer = await app.customer();
    const product = await app.product({ price: 25, quantity: 5 });
    // One $25.00 unit at 20% VAT added ($30.00) and $12.00 delivery untaxed: $42.00 at two rates.
    const placed = await app.gql(PLACE, { input: orderOf([product.id]) }, customer);
    expect(placed.data!.placeOrder.totals).toMatchObject({ tax: { amount: 500 }, total: { amount: 4200 } });
    const order = await app.payOrder(customer, placed.data!.placeOrder.id);

    const { data } = await app.gql(REFUND, { orderId: order.id, input: { amount: 1400, reason: 'Late delivery' } }, admin);
    const refund = data!.refundOrder.refunds[0];
    // $14.00 splits $4.00 at 0% and $10.00 at 20% ($1.67 of it VAT).
    expect(await app.db.getRepository(Refund).findOneByOrFail({ id: refund.id })).toMatchObject({ extraAmount: 1400, taxAmount: 167 });
    const note = await pdfText(`/orders/${order.id}/credit-notes/${refund.id}.pdf`, customer);
    for (const expected of [
      '0%: $4.00 net, $0.00 tax, $4.00 in all',
      '20%: $8.33 net, $1.67 tax, $10.00 in all',
      'Total refunded (USD): $14.00',
    ])
      expect(note.text).toContain(expected);
  });
});
