import { milliPercentOf, percentOfMilliPercent, taxOf } from '@keen/rules';
import { taxRateInput } from '@keen/rules/schemas';
import { allocate } from '../../src/modules/pricing/allocate';
import { AdjustmentSource, priceOrder, type Reduction } from '../../src/modules/pricing/pricing';

const manual = (amount: number) => ({ source: AdjustmentSource.manual, label: 'Price adjustment', amount });
const code = (off: Reduction['off'], target: Partial<Reduction> = {}): Reduction => ({
  source: AdjustmentSource.discount,
  label: 'EARLYBIRD',
  off,
  ...target,
});

describe('allocate', () => {
  test('splits in proportion, the parts summing to the amount exactly', () => {
    expect(allocate(-1000, [3333, 3333, 3334])).toEqual([-333, -333, -334]);
    expect(allocate(-1000, [1, 1, 1])).toEqual([-334, -333, -333]);
    expect(allocate(100, [1, 2, 3])).toEqual([17, 33, 50]);
    for (const [amount, weights] of [
      [-997, [12900, 4500, 18900]],
      [1, [5, 5, 5]],
      [-12345, [1, 99999, 7]],
    ] as [number, number[]][]) {
      const parts = allocate(amount, weights);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
      parts.forEach((part, index) =>
        expect(Math.abs(part)).toBeLessThanOrEqual(Math.ceil((Math.abs(amount) * weights[index]) / weights.reduce((a, b) => a + b))),
      );
    }
  });

  test('a part of weight 0 gets nothing; with every weight 0 the parts share equally', () => {
    expect(allocate(-500, [0, 1000, 0])).toEqual([0, -500, 0]);
    expect(allocate(300, [0, 0, 0])).toEqual([100, 100, 100]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
  });

  test('a reduction as large as the weights takes each part to exactly zero, never below', () => {
    const weights = [129, 45, 7];
    const parts = allocate(-181, weights);
    expect(parts.map((part, index) => weights[index] + part)).toEqual([0, 0, 0]);
  });
});

describe('priceOrder: three lines, an adjustment, tax on the adjusted amounts', () => {
  // $129.00 at 20%, $45.00 at 20%, $18.90 at 0% (a reduced category), $12.00 delivery taxed at 20%.
  const lines = [
    { amount: 12900, taxRateMilliPercent: 20000 },
    { amount: 4500, taxRateMilliPercent: 20000 },
    { amount: 1890, taxRateMilliPercent: 0 },
  ];
  const delivery = { amount: 1200, taxRateMilliPercent: 20000 };

  test('tax-exclusive: $20.00 off is allocated in proportion (13.3748 : 4.6656 : 1.9596, largest remainders rounded up) and tax is added on what is left', () => {
    const priced = priceOrder(lines, [manual(-2000)], delivery, false);
    expect(priced.lines.map((line) => line.adjustmentAmount)).toEqual([-1337, -467, -196]);
    // 20% of 115.63 = 23.126 -> 23.13; of 40.33 = 8.066 -> 8.07; delivery 2.40.
    expect(priced.lines.map((line) => line.taxAmount)).toEqual([2313, 807, 0]);
    expect(priced).toMatchObject({ subtotalAmount: 19290, adjustmentAmount: -2000, shippingAmount: 1200, taxAmount: 2313 + 807 + 240 });
    expect(priced.totalAmount).toBe(19290 - 2000 + 1200 + 2313 + 807 + 240);
  });

  test('tax-inclusive: the same reduction, the tax inside what is left', () => {
    const priced = priceOrder(lines, [manual(-2000)], delivery, true);
    // A sixth of 115.63 = 19.2716 -> 19.27; of 40.33 = 6.7216 -> 6.72; of the 12.00 delivery 2.00.
    expect(priced.lines.map((line) => line.taxAmount)).toEqual([1927, 672, 0]);
    expect(priced.taxAmount).toBe(1927 + 672 + 200);
    expect(priced.totalAmount).toBe(19290 - 2000 + 1200);
  });

  test('no adjustment prices as before: tax per line on its own amount', () => {
    const priced = priceOrder(lines, [], delivery, false);
    expect(priced.lines).toEqual([
      { adjustmentAmount: 0, discountAmount: 0, taxRateMilliPercent: 20000, taxAmount: 2580 },
      { adjustmentAmount: 0, discountAmount: 0, taxRateMilliPercent: 20000, taxAmount: 900 },
      { adjustmentAmount: 0, discountAmount: 0, taxRateMilliPercent: 0, taxAmount: 0 },
    ]);
    expect(priced.totalAmount).toBe(19290 + 1200 + 2580 + 900 + 240);
  });

  test('several adjustments add up; delivery tax as it was ordered is kept; the order may not go below zero', () => {
    const priced = priceOrder(lines, [manual(-1000), manual(500)], { amount: 1200, taxAmount: 240 }, false);
    expect(priced.adjustmentAmount).toBe(-500);
    expect(priced.lines.reduce((sum, line) => sum + line.adjustmentAmount, 0)).toBe(-500);
    expect(priced.taxAmount - priced.lines.reduce((sum, line) => sum + line.taxAmount, 0)).toBe(240);
    expect(() => priceOrder(lines, [manual(-19291)], delivery, false)).toThrow('An adjustment cannot take the order below zero');
    const free = priceOrder(lines, [manual(-19290)], delivery, false);
    expect(free.lines.map((line) => line.taxAmount)).toEqual([0, 0, 0]);
    expect(free.totalAmount).toBe(1200 + 240);
  });
});

describe('priceOrder: a discount code is a reduction worked out and allocated by the seam', () => {
  // $129.00, $45.00 and $18.90, every line at 20%; $12.00 delivery taxed at 20%.
  const lines = [
    { amount: 12900, taxRateMilliPercent: 20000 },
    { amount: 4500, taxRateMilliPercent: 20000 },
    { amount: 1890, taxRateMilliPercent: 20000 },
  ];
  const delivery = { amount: 1200, taxRateMilliPercent: 20000 };
  const everyLine = { linePositions: [0, 1, 2] };

  test('15% of three lines, tax-exclusive: 28.935 rounds half up to 28.94, the lines share it to the cent, tax on what is left', () => {
    const priced = priceOrder(lines, [code({ percent: 15 }, everyLine)], delivery, false);
    expect(priced.adjustments).toEqual([
      { source: AdjustmentSource.discount, label: 'EARLYBIRD', amount: -2894, linePositions: [0, 1, 2] },
    ]);
    expect(priced.lines.map((line) => line.discountAmount)).toEqual([-1935, -675, -284]);
    expect(priced.lines.map((line) => line.adjustmentAmount)).toEqual([-1935, -675, -284]);
    // 20% of 109.65, 38.25 and 16.06 (3.212 -> 3.21).
    expect(priced.lines.map((line) => line.taxAmount)).toEqual([2193, 765, 321]);
    expect(priced).toMatchObject({ discountAmount: -2894, adjustmentAmount: -2894, taxAmount: 2193 + 765 + 321 + 240 });
    expect(priced.totalAmount).toBe(19290 - 2894 + 1200 + 2193 + 765 + 321 + 240);
  });

  test('15% of three lines, tax-inclusive: the same shares, the tax a sixth of what is left', () => {
    const priced = priceOrder(lines, [code({ percent: 15 }, everyLine)], delivery, true);
    expect(priced.lines.map((line) => line.discountAmount)).toEqual([-1935, -675, -284]);
    // A sixth of 109.65 = 18.275 -> 18.28; of 38.25 = 6.375 -> 6.38; of 16.06 = 2.6767 -> 2.68; delivery 2.00.
    expect(priced.lines.map((line) => line.taxAmount)).toEqual([1828, 638, 268]);
    expect(priced.totalAmount).toBe(19290 - 2894 + 1200);
    expect(priced.taxAmount).toBe(1828 + 638 + 268 + 200);
  });

  test('an amount off some lines is allocated over them alone, and never takes them below zero', () => {
    // $80.00 off lines of $63.90: they go to zero, and the first line keeps its price.
    const priced = priceOrder(lines, [code({ amount: 8000 }, { linePositions: [1, 2] })], delivery, false);
    expect(priced.lines.map((line) => line.discountAmount)).toEqual([0, -4500, -1890]);
    expect(priced.lines.map((line) => line.taxAmount)).toEqual([2580, 0, 0]);
    expect(priced.discountAmount).toBe(-6390);
    const part = priceOrder(lines, [code({ amount: 1000 }, { linePositions: [1, 2] })], delivery, false);
    // 1000 over 4500 : 1890 = 704.2 : 295.8.
    expect(part.lines.map((line) => line.discountAmount)).toEqual([0, -704, -296]);
  });

  test('free shipping takes delivery off with its tax; the lines keep theirs', () => {
    const priced = priceOrder(lines, [code({ percent: 100 }, { onDelivery: true })], delivery, false);
    expect(priced.lines.map((line) => line.adjustmentAmount)).toEqual([0, 0, 0]);
    expect(priced).toMatchObject({ shippingAmount: 1200, discountAmount: -1200, adjustmentAmount: -1200, taxAmount: 2580 + 900 + 378 });
    expect(priced.totalAmount).toBe(19290 + 2580 + 900 + 378);
  });

  test("staff's adjustment after a code: the code's shares stay, staff's is allocated over what the code left", () => {
    const discounted = priceOrder(lines, [code({ percent: 15 }, everyLine)], delivery, false);
    const again = priceOrder(lines, [...discounted.adjustments, manual(-1000)], delivery, false);
    expect(again.lines.map((line) => line.discountAmount)).toEqual([-1935, -675, -284]);
    expect(again.lines.reduce((sum, line) => sum + line.adjustmentAmount, 0)).toBe(-3894);
    expect(again.discountAmount).toBe(-2894);
  });
});

describe('rates in thousandths of a percent', () => {
  test("New York's 8.875% (8875): $100.00 is taxed $8.88 on top (8.875 half up) and holds $8.15 when prices include tax", () => {
    expect(taxOf(10000, 8875, false)).toBe(888);
    expect(taxOf(10000, 8875, true)).toBe(815);
    // 20% is 20000: 20% of $129.00 is $25.80; 20/120 of $45.99 is 7.665, $7.67.
    expect(taxOf(12900, 20000, false)).toBe(2580);
    expect(taxOf(4599, 20000, true)).toBe(767);
    const priced = priceOrder([{ amount: 10000, taxRateMilliPercent: 8875 }], [], { amount: 1000, taxRateMilliPercent: 8875 }, false);
    expect(priced).toMatchObject({ taxAmount: 888 + 89, totalAmount: 10000 + 1000 + 888 + 89 });
  });

  test('a rate in percent takes 3 decimals, not 4, in the shared rules the API and the dashboard check', () => {
    expect(milliPercentOf(8.875)).toBe(8875);
    expect(milliPercentOf(100)).toBe(100000);
    expect(percentOfMilliPercent(8875)).toBe(8.875);
    expect(taxRateInput.safeParse({ category: 'standard', ratePercent: 8.875 }).success).toBe(true);
    expect(taxRateInput.safeParse({ category: 'standard', ratePercent: 0.001 }).success).toBe(true);
    const refused = taxRateInput.safeParse({ category: 'standard', ratePercent: 8.8751 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('A tax rate has at most 3 decimals, like 8.875');
  });
});
