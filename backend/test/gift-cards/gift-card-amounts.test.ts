import { GiftCard } from '../../src/modules/gift-cards/gift-card.entity';
import { ukZone } from '../discounts/support';
import { UK } from '../support/addresses';
import { until } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * A gift card whose buyer chooses the amount within its product's bounds: the server checks the
 * bounds (a refusal naming them in the shop's currency), prices the line at the amount whatever the
 * client says of prices, and issues the card for it; staff set the bounds, on gift cards only.
 */

let app: TestApp;
let admin: TestSession;
let buyer: TestSession;
let card: string;

const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { id giftCardMinAmount giftCardMaxAmount } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { id giftCardMinAmount giftCardMaxAmount } }`;
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id lines { unitAmount { amount } } totals { total { amount } } } }`;
let serial = 0;
const fields = (extra: Record<string, unknown> = {}) => ({
  name: `Chosen card ${++serial}`,
  description: 'Any amount',
  priceAmount: 2500,
  quantity: 0,
  minimumQuantity: 1,
  img: '/images/gift-card.svg',
  kind: 'GIFT_CARD',
  ...extra,
});
const order = (amount: number | null, productId = card) => ({
  lines: [{ productId, quantity: 1, giftCard: amount === null ? {} : { amount } }],
  phone: UK.phone,
  shippingAddress: UK,
});

beforeAll(async () => {
  app = await startTestApp({ MAX_UNPAID_ORDERS: '100' });
  admin = await app.adminUser();
  buyer = await app.customer('chooser');
  await ukZone(app, admin);
  const created = await app.gql(CREATE, { input: fields({ giftCardMinAmount: 1000, giftCardMaxAmount: 50_000 }) }, admin);
  expect(created.errors).toBeUndefined();
  card = created.data!.createProduct.id;
});
afterAll(() => app.close());

test('an amount within the bounds prices the line at it, and the card paid for is issued for it', async () => {
  const placed = await app.gql(PLACE, { input: order(7350) }, buyer);
  expect(placed.errors).toBeUndefined();
  expect(placed.data!.placeOrder.lines).toEqual([{ unitAmount: { amount: 7350 } }]);
  expect(placed.data!.placeOrder.totals.total.amount).toBe(7350);
  await app.payOrder(buyer, placed.data!.placeOrder.id);
  const issued = await until(async () => {
    const cards = await app.db.getRepository(GiftCard).findBy({ orderId: placed.data!.placeOrder.id });
    return cards.length ? cards : null;
  });
  expect(issued.map((issuedCard) => issuedCard.initialAmount)).toEqual([7350]);
  // Without an amount, the denomination's price.
  const plain = await app.gql(PLACE, { input: order(null) }, buyer);
  expect(plain.data!.placeOrder.lines).toEqual([{ unitAmount: { amount: 2500 } }]);
});

test('an amount outside the bounds, not whole, or for a card without bounds or a knife is refused, naming the bounds', async () => {
  const bounds = 'Choose an amount from $10.00 to $500.00 for';
  expect(messageOf(await app.gql(PLACE, { input: order(999) }, buyer))).toMatch(new RegExp(`^${bounds.replace(/\$/g, '\\$')}`));
  expect(messageOf(await app.gql(PLACE, { input: order(50_001) }, buyer))).toContain(bounds);
  const fixed = (await app.gql(CREATE, { input: fields() }, admin)).data!.createProduct.id;
  expect(messageOf(await app.gql(PLACE, { input: order(3000, fixed) }, buyer))).toMatch(/comes in its amounts only$/);
  const knife = (await app.product({ price: 40 })).id;
  expect(messageOf(await app.gql(PLACE, { input: order(3000, knife) }, buyer))).toMatch(/is not a gift card$/);
});

test('staff set the bounds on gift cards only, both or neither, the most not below the least; null stops custom amounts', async () => {
  expect(messageOf(await app.gql(CREATE, { input: fields({ giftCardMinAmount: 1000 }) }, admin))).toBe(
    'Give both the least and the most amount a gift card buyer may choose, or neither',
  );
  expect(messageOf(await app.gql(CREATE, { input: fields({ giftCardMinAmount: 5000, giftCardMaxAmount: 1000 }) }, admin))).toBe(
    'The most amount of a gift card must be at least its least amount',
  );
  expect(
    messageOf(await app.gql(CREATE, { input: fields({ kind: 'KNIFE', giftCardMinAmount: 1000, giftCardMaxAmount: 2000 }) }, admin)),
  ).toBe('Only a gift card lets its buyer choose the amount');
  expect(messageOf(await app.gql(CREATE, { input: fields({ giftCardMinAmount: 0, giftCardMaxAmount: 2000 }) }, admin))).toBe(
    'The least amount of a gift card must be at least 1 minor unit',
  );
  const cleared = await app.gql(
    UPDATE,
    { id: card, input: { ...fields({ name: undefined }), giftCardMinAmount: null, giftCardMaxAmount: null } },
    admin,
  );
  expect(cleared.data!.updateProduct).toMatchObject({ giftCardMinAmount: null, giftCardMaxAmount: null });
  const customer = await app.gql(
    UPDATE,
    { id: card, input: { ...fields({ name: undefined }), giftCardMinAmount: 1, giftCardMaxAmount: 2 } },
    buyer,
  );
  expect(customer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

test('the same idempotency key with another chosen amount is another order: refused', async () => {
  const created = await app.gql(CREATE, { input: fields({ giftCardMinAmount: 1000, giftCardMaxAmount: 50_000 }) }, admin);
  const product = created.data!.createProduct.id;
  const idempotencyKey = '6f1d0c2e-2b1a-4c3d-9e8f-7a6b5c4d3e2f';
  const first = await app.gql(PLACE, { input: { ...order(2000, product), idempotencyKey } }, buyer);
  expect(first.errors).toBeUndefined();
  const again = await app.gql(PLACE, { input: { ...order(2000, product), idempotencyKey } }, buyer);
  expect(again.data!.placeOrder.id).toBe(first.data!.placeOrder.id);
  const other = await app.gql(PLACE, { input: { ...order(9000, product), idempotencyKey } }, buyer);
  expect([codeOf(other), messageOf(other)]).toEqual(['CONFLICT', 'This idempotency key was used for a different order']);
});
