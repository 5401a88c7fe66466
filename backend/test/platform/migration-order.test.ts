import { migrations } from '../../src/app/data-source';

/**
 * The list is the schema's history: the backup names its schema by the last entry, and a restore
 * runs the list up to a backup's version. Branches merged together append their migrations in
 * any order; the list must still be the order of their timestamps.
 */
test('the migrations are listed oldest first, each timestamp once', () => {
  const stamps = migrations.map((Migration) => Number(/(\d{13})$/.exec(Migration.name)?.[1]));
  expect(stamps.every(Number.isFinite)).toBe(true);
  expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  expect(new Set(stamps).size).toBe(stamps.length);
});
