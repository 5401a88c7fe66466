import { type Buyers, graphqlAs, orderAtOnce, type RaceAnswer } from './buyers';
import { listenerPid, treeCpuMs } from './cpu';
import type { Target } from './load';

/**
 * Keen's side of a placeOrder race, shared by `npm run bench:http` (against its bare baseline) and
 * `npm run bench:ab -- A B race` (two builds of Keen against each other): the delivery an admin
 * sets up, and new buyers ordering at the same moment with the CPU counted meanwhile.
 */

/** The races' delivery charge (minor units) and standard tax rate. */
export const SHIPPING_AMOUNT = 800;
export const TAX_PERCENT = 20;

/** Where every race's buyer ships: the shop's country (Keen's default, US), by the one method of setUpDelivery. */
export const RACE_ADDRESS = {
  name: 'Race Buyer',
  line1: '1 Race Street',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '+1 201 555 0123',
};

/**
 * As an admin does it: a zone for the races' country with one delivery method ($8, never free)
 * and a 20% standard tax rate, so that every race's order carries shipping and tax. Answers the method's id.
 */
export async function setUpDelivery(keen: Target, adminToken: string): Promise<string> {
  const as = <T>(query: string, input: object) => graphqlAs<T>(keen.url, adminToken, query, { input });
  const { createShippingZone: zone } = await as<{ createShippingZone: { id: string } }>(
    'mutation($input: ShippingZoneInput!) { createShippingZone(input: $input) { id } }',
    { name: 'Bench zone', countries: [RACE_ADDRESS.country] },
  );
  const { createShippingMethod: method } = await as<{ createShippingMethod: { id: string } }>(
    'mutation($input: ShippingMethodInput!) { createShippingMethod(input: $input) { id } }',
    { zoneId: zone.id, name: 'Bench Standard', price: SHIPPING_AMOUNT, freeOver: null, minDays: 2, maxDays: 4 },
  );
  await as('mutation($input: TaxRateInput!) { setTaxRate(input: $input) { id } }', {
    zoneId: zone.id,
    category: 'standard',
    ratePercent: TAX_PERCENT,
  });
  return method.id;
}

export interface RaceRun<A> {
  answers: RaceAnswer<A>[];
  wallMs: number;
  cpu: { app: number; pg: number; auth: number | null };
}

/** Runs `send`, counting the CPU `server`, PostgreSQL and (when given) the Auth Emulator spend meanwhile. */
export async function measured<A>(
  server: Target,
  postmaster: number,
  emulator: number | null,
  send: () => Promise<{ answers: RaceAnswer<A>[]; wallMs: number }>,
): Promise<RaceRun<A>> {
  const [app, pg, auth] = [treeCpuMs(server.pid), treeCpuMs(postmaster), emulator ? treeCpuMs(emulator) : 0];
  const { answers, wallMs } = await send();
  return {
    answers,
    wallMs,
    cpu: { app: treeCpuMs(server.pid) - app, pg: treeCpuMs(postmaster) - pg, auth: emulator ? treeCpuMs(emulator) - auth : null },
  };
}

/** A Keen to race against, with PostgreSQL's server process and the delivery method its buyers choose. */
export interface KeenSide {
  keen: Target;
  postmaster: number;
  methodId: string;
}

/**
 * Signs up `count` new accounts (of `buyers`, on the Auth Emulator at `emulator`), then each sends
 * the placeOrder of `linesOf(its number)` to Keen at the same moment; the accounts are removed after.
 */
export async function keenRace(
  buyers: Buyers,
  emulator: string,
  { keen, postmaster, methodId }: KeenSide,
  count: number,
  linesOf: (i: number) => object[],
) {
  console.log(`  ${keen.name}: signing up ${count} buyers with the Auth Emulator, then their orders at once...`);
  const tokens = await buyers.make(count);
  const emulatorPid = listenerPid(Number(emulator.split(':')[1]));
  const run = await measured(keen, postmaster, emulatorPid, () =>
    orderAtOnce(keen.url, tokens, (i) => ({ lines: linesOf(i), shippingAddress: RACE_ADDRESS, shippingMethodId: methodId })),
  );
  await buyers.removeAll();
  return run;
}
