import { addWorkingDays, isoDateOf, isTimeZone } from '@keen/rules';
import { pino } from 'pino';
import { ReadCache } from '../../src/common/read-cache';
import { setShopTimeZone, shopDateOf } from '../../src/common/shop-calendar';
import { ConfigError, loadConfig } from '../../src/config';
import { isLate } from '../../src/modules/orders/order-state-machine';
import { startTestApp, type TestApp } from '../support/harness';
import { productionEnv as production } from '../support/production-env';

/**
 * The shop's calendar (SHOP_TIME_ZONE): "today" for estimates, promised dates and late orders is
 * the shop's date, not UTC's; the storefront's cached answers do not outlive the shop's day.
 */
// UTC+14 all year: its date is a day ahead of UTC's from 10:00 UTC on.
const KIRITIMATI = 'Pacific/Kiritimati';
const EVENING_UTC = new Date('2027-01-11T20:00:00Z');

afterEach(() => {
  jest.useRealTimers();
  setShopTimeZone('UTC');
});

describe('dates in the shop’s time zone', () => {
  test('an instant’s date is the zone’s', () => {
    expect(isoDateOf(EVENING_UTC)).toBe('2027-01-11');
    expect(isoDateOf(EVENING_UTC, KIRITIMATI)).toBe('2027-01-12');
    // The zone's formatter is kept; each instant still gets its own date.
    expect(isoDateOf(new Date('2027-01-11T09:00:00Z'), KIRITIMATI)).toBe('2027-01-11');
    expect(isoDateOf(new Date('2027-01-12T03:00:00Z'), 'America/New_York')).toBe('2027-01-11');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  test('SHOP_TIME_ZONE is UTC unless set, and an unknown zone is refused', () => {
    expect(loadConfig(production).shop.timeZone).toBe('UTC');
    expect(loadConfig({ ...production, SHOP_TIME_ZONE: 'Europe/Paris' }).shop.timeZone).toBe('Europe/Paris');
    expect(() => loadConfig({ ...production, SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIME_ZONE/);
  });

  test('an order is late once its latest date has passed on the shop’s calendar', () => {
    const order = { lateNoticeAt: null, shipByLatest: '2027-01-11' };
    expect(isLate(order, EVENING_UTC)).toBe(false);
    setShopTimeZone(KIRITIMATI);
    expect(shopDateOf(EVENING_UTC)).toBe('2027-01-12');
    expect(isLate(order, EVENING_UTC)).toBe(true);
    expect(isLate(order, new Date('2027-01-11T08:00:00Z'))).toBe(false);
  });
});

describe('a shop in another time zone', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ SHOP_TIME_ZONE: KIRITIMATI });
  });
  afterAll(() => app.close());

  test("a product's estimate counts its working days from the shop's date", async () => {
    await app.db.query(`DELETE FROM "workshop_closed_date"`);
    await app.db.query(`UPDATE "workshop_settings" SET "handlingDays" = 2, "capacityPerWeek" = NULL`);
    const product = await app.product();
    const answer = await app.gql(`query($id: ID!) { product(id: $id) { leadTime { shipWindow { earliest latest } } } }`, {
      id: product.id,
    });
    expect(answer.errors).toBeUndefined();
    const shopToday = isoDateOf(new Date(), KIRITIMATI);
    expect(answer.data!.product.leadTime.shipWindow).toEqual({
      earliest: addWorkingDays(shopToday, 2),
      latest: addWorkingDays(shopToday, 2),
    });
  });
});

describe('the read cache', () => {
  const settings = { enabled: true, redisUrl: null, maxBytes: 1024 * 1024, maxAnswerBytes: 64 * 1024, maxAgeMs: 7 * 86_400_000 };

  test("forgets an answer (a product's ship dates) at the shop's midnight, not before", async () => {
    setShopTimeZone(KIRITIMATI);
    jest.useFakeTimers({ now: new Date('2027-01-11T09:00:00Z') }); // 23:00 in Kiritimati
    const cache = ReadCache.create(settings, pino({ level: 'silent' }));
    cache.store('product', await cache.generation(), { bytes: Buffer.from('{"shipWindow":"2027-01-13"}'), headers: {} });
    jest.setSystemTime(new Date('2027-01-11T09:59:00Z'));
    expect(await cache.find('product')).not.toBeNull();
    jest.setSystemTime(new Date('2027-01-11T10:01:00Z')); // 00:01 the next day there
    expect(await cache.find('product')).toBeNull();
  });
});
