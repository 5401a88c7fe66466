/**
 * Splits `amount` (minor units, either sign) over parts in proportion to `weights`, rounded so the
 * parts add up to `amount` exactly: each part is rounded toward zero, and the units left over go one
 * each to the parts with the largest remainders (the earliest first among equals). A part whose
 * weight is 0 gets nothing, unless every weight is: then the parts share it equally.
 */
export function allocate(amount: number, given: readonly number[]): number[] {
  const weights = given.some((weight) => weight > 0) ? given : given.map(() => 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const sign = Math.sign(amount);
  const magnitude = Math.abs(amount);
  const exact = weights.map((weight) => (magnitude * weight) / total);
  const parts = exact.map(Math.floor);
  let left = magnitude - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - parts[index] }))
    .filter(({ index }) => weights[index] > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] += 1;
    left -= 1;
  }
  return parts.map((part) => (part === 0 ? 0 : sign * part));
}
