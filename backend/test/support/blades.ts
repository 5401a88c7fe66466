import type { FR, UK, US } from './addresses';
import type { TestApp, TestSession } from './harness';

export const SET_RULE =
  'mutation($input: BladeRuleInput!) { setBladeRule(input: $input) { country minimumAge allowed handover updatedBy updatedAt } }';
export const VERIFY = 'mutation($input: VerifyAgeInput!) { verifyAge(input: $input) { id status method checkedAt ageBracket validUntil } }';
export const DOCUMENT =
  'mutation($input: AgeDocumentInput!) { submitAgeDocument(input: $input) { id status method checkedAt ageBracket validUntil } }';
export const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id state ageRestricted minimumAge deliveryHandover ageVerifiedDelivery parcelNotice } }`;
export const OPTIONS = 'query($input: ShippingOptionsInput!) { shippingOptions(input: $input) { id name } }';

/** The shop delivers to the US, and to the UK, France and Germany; one method each. */
export async function setUpZones(app: TestApp, admin: TestSession): Promise<void> {
  const zone = async (name: string, countries: string[]) => {
    const created = await app.gql(
      'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
      { input: { name, countries } },
      admin,
    );
    if (created.errors) throw new Error(JSON.stringify(created.errors));
    const method = await app.gql(
      'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
      { input: { zoneId: created.data!.createShippingZone.id, name: `Standard (${name})`, price: 500, minDays: 2, maxDays: 5 } },
      admin,
    );
    if (method.errors) throw new Error(JSON.stringify(method.errors));
  };
  await zone('US', ['US']);
  await zone('Europe', ['GB', 'FR', 'DE']);
}

/** A date of birth `years` years before today (UTC), moved by `days`: `dateOfBirth(18, 1)` turns 18 tomorrow. */
export function dateOfBirth(years: number, days = 0): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/** The customer passes the age check as an adult of 30, as a buyer of a knife must first. */
export async function verifyAdult(app: TestApp, session: TestSession): Promise<void> {
  const { errors } = await app.gql(VERIFY, { input: { fullName: 'Sam Adult', dateOfBirth: dateOfBirth(30) } }, session);
  if (errors) throw new Error(JSON.stringify(errors));
}

/** An order's input: these lines to this address. */
export const orderTo = (address: typeof UK | typeof US | typeof FR, lines: { productId: string; quantity: number }[]) => ({
  lines,
  phone: address.phone,
  shippingAddress: address,
});

/** A new API key's secret with these scopes. */
export async function apiKey(app: TestApp, admin: TestSession, scopes: string[]): Promise<string> {
  const { data, errors } = await app.gql(
    'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { name: `Blades ${scopes.join(' ')}`, scopes } },
    admin,
  );
  if (errors) throw new Error(JSON.stringify(errors));
  return data!.createApiKey.secret;
}

/** Waits for `check` to answer something truthy. */
export async function until<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
