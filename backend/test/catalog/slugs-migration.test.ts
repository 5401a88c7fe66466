import { ProductSlugs1766100000000 } from '../../src/db/migrations/1766100000000-ProductSlugs';
import { slugPart } from '../../src/modules/catalog/slugs';
import { type MigratedDatabase, migratedAcross } from '../support/migrated-database';

/**
 * A database migrated up to the schema before slugs, holding products, then migrated the rest of
 * the way: every product gets a unique slug from its name, oldest first, as the catalogue makes them.
 */
let migrated: MigratedDatabase;

/** In creation order, with the slug each must get. */
const PRODUCTS = [
  { name: 'Engraved Santoku 7"', slug: 'engraved-santoku-7' },
  // The same slug from its name as the first: the later one gets -2.
  { name: 'Engraved-Santoku (7)', slug: 'engraved-santoku-7-2' },
  // Its own name makes what the suffix gave the second.
  { name: 'Engraved Santoku 7 2', slug: 'engraved-santoku-7-2-2' },
  { name: '  Crème Brûlée Torch Knife! ', slug: 'creme-brulee-torch-knife' },
  { name: '包丁', slug: 'product' },
  { name: '¡¿!', slug: 'product-2' },
  // Cut to 72 characters, leaving room for a suffix, and never ending in a dash.
  { name: `A ${'very '.repeat(20)}long name`, slug: `a-${'very-'.repeat(13)}very` },
];

beforeAll(async () => {
  migrated = await migratedAcross(ProductSlugs1766100000000, async (old) => {
    for (const [at, product] of PRODUCTS.entries())
      await old.query(
        `INSERT INTO "product" ("name", "description", "priceAmount", "quantity", "minimumQuantity", "img", "createdAt")
         VALUES ($1, 'old', 1000, 1, 1, '/images/santoku.svg', now() - make_interval(mins => $2))`,
        [product.name, 60 - at],
      );
  });
  expect(migrated.applied[0]).toBe('ProductSlugs1766100000000');
});
afterAll(() => migrated.drop());

test('each existing product gets a unique slug made from its name, as a new product would', async () => {
  const rows: { name: string; slug: string }[] = await migrated.db.query(`SELECT "name", "slug" FROM "product" ORDER BY "createdAt"`);
  expect(rows).toEqual(PRODUCTS);
  // The migration's rule is the catalogue's (slugs.ts) for every name that makes a slug of its own.
  for (const { name, slug } of PRODUCTS.slice(0, 5)) expect(slug.startsWith(slugPart(name))).toBe(true);
});

test('slugs are required, unique whatever the case and well formed; old slugs have their table', async () => {
  const [first] = await migrated.db.query(`SELECT "id" FROM "product" ORDER BY "createdAt" LIMIT 1`);
  const insert = (slug: string | null) =>
    migrated.db.query(
      `INSERT INTO "product" ("name", "slug", "description", "priceAmount", "quantity", "minimumQuantity", "img")
       VALUES ($1, $2, 'new', 1000, 1, 1, '/images/santoku.svg')`,
      [`New ${Math.random()}`, slug],
    );
  await expect(insert(null)).rejects.toThrow(/null value in column "slug"/);
  await expect(insert('ENGRAVED-SANTOKU-7')).rejects.toThrow(/CHK_product_slug/);
  await expect(insert('engraved-santoku-7')).rejects.toThrow(/UQ_product_slug/);
  await migrated.db.query(`INSERT INTO "product_slug_history" ("slug", "productId") VALUES ('old-santoku', $1)`, [first.id]);
  expect(await migrated.db.query(`SELECT "slug" FROM "product_slug_history"`)).toEqual([{ slug: 'old-santoku' }]);
});
