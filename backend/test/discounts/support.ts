import { UK } from '../support/addresses';
import type { TestApp, TestSession } from '../support/harness';

/** What the discount tests send and read: a code's fields, and an order's totals and lines' shares. */
export const DISCOUNT_FIELDS =
  'id code kind value appliesTo productIds collectionIds minimumSubtotal { amount } startsAt endsAt usageLimit oncePerCustomer enabled timesUsed';
export const CREATE = `mutation($input: DiscountInput!) { createDiscount(input: $input) { ${DISCOUNT_FIELDS} } }`;
export const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id adjustments { source label money { amount } }
  lines { lineAmount { amount } discount { amount } adjustment { amount } tax { amount } }
  totals { subtotal { amount } adjustments { amount } discount { amount } shipping { amount } tax { amount } total { amount } } } }`;
export const QUOTE = `query($input: ShippingOptionsInput!) { shippingOptions(input: $input) {
  id price { amount } totals { subtotal { amount } discount { amount } shipping { amount } tax { amount } total { amount } } } }`;

/** A UK zone (20% VAT on the standard category and on delivery where the shop taxes it) with one $12.00 method. */
export async function ukZone(app: TestApp, admin: TestSession): Promise<void> {
  const zone = await app.gql(
    'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
    { input: { name: 'UK', countries: ['GB'] } },
    admin,
  );
  const zoneId = zone.data!.createShippingZone.id;
  await app.gql(
    'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
    { input: { zoneId, name: 'Royal Mail', price: 1200, minDays: 1, maxDays: 3 } },
    admin,
  );
  await app.gql(
    'mutation($input: TaxRateInput!) { setTaxRate(input: $input) { id } }',
    { input: { zoneId, category: 'standard', ratePercent: 20 } },
    admin,
  );
}

/** A new code; its rules default to 10% off the whole order. */
export async function discount(app: TestApp, admin: TestSession | string, input: Record<string, unknown>) {
  const created = await app.gql(CREATE, { input: { kind: 'PERCENT', value: 10, ...input } }, admin);
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  return created.data!.createDiscount;
}

/** An order of one unit of each product to the UK, with a code. */
export const orderOf = (products: string[], discountCode?: string) => ({
  lines: products.map((productId) => ({ productId, quantity: 1 })),
  phone: UK.phone,
  shippingAddress: UK,
  discountCode,
});

/** The same cart quoted to the UK. */
export const quoteOf = (products: string[], discountCode?: string) => ({
  lines: products.map((productId) => ({ productId, quantity: 1 })),
  address: UK,
  discountCode,
});
