import {
  addWorkingDays,
  formatLeadTime,
  formatShipWindow,
  isIsoDate,
  leadDays,
  orderShipWindow,
  quantityError,
  queueDays,
  SHORTAGE,
  shipWindow,
} from '@keen/rules';

/** The lead-time rules (issue 52) the server and the storefront share: working days, the queue, the wording. */
describe('working days', () => {
  // 2027-01-08 is a Friday.
  it('skips the weekend: 1 working day after Friday is Monday', () => {
    expect(addWorkingDays('2027-01-08', 1)).toBe('2027-01-11');
  });

  it('skips closed dates as well as weekends', () => {
    expect(addWorkingDays('2027-01-08', 1, ['2027-01-11', '2027-01-12'])).toBe('2027-01-13');
    expect(addWorkingDays('2027-01-04', 5)).toBe('2027-01-11');
    expect(addWorkingDays('2027-01-04', 5, ['2027-01-06'])).toBe('2027-01-12');
  });

  it('with 0 days is the day itself when open, else the next working day', () => {
    expect(addWorkingDays('2027-01-07', 0)).toBe('2027-01-07');
    expect(addWorkingDays('2027-01-09', 0)).toBe('2027-01-11');
    expect(addWorkingDays('2027-01-09', 0, ['2027-01-11'])).toBe('2027-01-12');
  });

  it('crosses months and years', () => {
    expect(addWorkingDays('2026-12-31', 1, ['2027-01-01'])).toBe('2027-01-04');
  });

  it('knows a real calendar date', () => {
    expect(isIsoDate('2027-01-12')).toBe(true);
    expect(isIsoDate('2027-02-30')).toBe(false);
    expect(isIsoDate('2027-13-01')).toBe(false);
    expect(isIsoDate('12/01/2027')).toBe(false);
  });
});

describe('the estimate', () => {
  const knife = { minDays: 20, maxDays: 30 };

  it('in stock is the handling days, whatever the queue', () => {
    expect(leadDays({ madeToOrder: null, handlingDays: 2, unitsAhead: 40, capacityPerWeek: 5 })).toEqual({
      minDays: 2,
      maxDays: 2,
      madeToOrder: false,
    });
  });

  it('made to order without a capacity is the product’s own days', () => {
    expect(leadDays({ madeToOrder: knife, handlingDays: 2, unitsAhead: 40, capacityPerWeek: null })).toEqual({
      minDays: 20,
      maxDays: 30,
      madeToOrder: true,
    });
  });

  it('with a capacity grows by the queue ahead over the capacity, in working days rounded up', () => {
    expect(queueDays(0, 10)).toBe(0);
    expect(queueDays(10, 10)).toBe(5);
    expect(queueDays(3, 10)).toBe(2);
    expect(leadDays({ madeToOrder: knife, handlingDays: 2, unitsAhead: 20, capacityPerWeek: 10 })).toEqual({
      minDays: 30,
      maxDays: 40,
      madeToOrder: true,
    });
  });

  it('gives dates from today over weekends and closed dates', () => {
    // Monday 4 January 2027; 3 to 5 working days, the Wednesday after closed for a knife show.
    expect(shipWindow('2027-01-04', { minDays: 3, maxDays: 5 }, ['2027-01-06'])).toEqual({
      earliest: '2027-01-08',
      latest: '2027-01-12',
    });
  });

  it("an order's window spans its lines", () => {
    expect(
      orderShipWindow([
        { earliest: '2027-01-06', latest: '2027-01-06' },
        { earliest: '2027-01-12', latest: '2027-01-26' },
      ]),
    ).toEqual({ earliest: '2027-01-06', latest: '2027-01-26' });
    expect(orderShipWindow([])).toBeNull();
  });
});

describe('the wording', () => {
  it('writes the window as dates', () => {
    expect(formatShipWindow({ earliest: '2027-01-12', latest: '2027-01-26' })).toBe('Ships between 12 and 26 January');
    expect(formatShipWindow({ earliest: '2027-01-30', latest: '2027-02-13' })).toBe('Ships between 30 January and 13 February');
    expect(formatShipWindow({ earliest: '2026-12-28', latest: '2027-01-08' })).toBe('Ships between 28 December 2026 and 8 January 2027');
    expect(formatShipWindow({ earliest: '2027-01-12', latest: '2027-01-12' })).toBe('Ships on 12 January');
  });

  it('writes the lead time in days or weeks', () => {
    expect(formatLeadTime({ minDays: 2, maxDays: 2, madeToOrder: false })).toBe('In stock: ships in 2 days');
    expect(formatLeadTime({ minDays: 1, maxDays: 1, madeToOrder: false })).toBe('In stock: ships in 1 day');
    expect(formatLeadTime({ minDays: 20, maxDays: 30, madeToOrder: true })).toBe('Made to order: ships in 4-6 weeks');
    expect(formatLeadTime({ minDays: 3, maxDays: 8, madeToOrder: true })).toBe('Made to order: ships in 3-8 days');
    expect(formatLeadTime({ minDays: 11, maxDays: 14, madeToOrder: true })).toBe('Made to order: ships in 3 weeks');
  });
});

test("the forms' quantity rule lets a made-to-order product go beyond its stock", () => {
  expect(quantityError(5, { quantity: 2, minimumQuantity: 1 })).toBe(SHORTAGE);
  expect(quantityError(5, { quantity: 2, minimumQuantity: 1, madeToOrder: { minDays: 5, maxDays: 10 } })).toBeUndefined();
  expect(quantityError(5, { quantity: 2, minimumQuantity: 1, madeToOrder: null })).toBe(SHORTAGE);
});
