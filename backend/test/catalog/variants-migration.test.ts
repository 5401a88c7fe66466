import type { DataSource } from 'typeorm';
import { ProductVariants1765500000000 } from '../../src/db/migrations/1765500000000-ProductVariants';
import { type MigratedDatabase, migratedAcross } from '../support/migrated-database';

/**
 * A database migrated up to HeldMail (the schema before variants), holding products and orders
 * with lines, then migrated the rest of the way: every product gets its one variant and every
 * line points at it.
 */
let migrated: MigratedDatabase;
let db: DataSource;

const CUSTOMER = '00000000-0000-4000-8000-0000000000a1';
/** Product ids in creation order, with what the migration must make of each. */
const PRODUCTS = [
  { id: '00000000-0000-4000-8000-0000000000b1', name: 'Bowie knife', price: 120, quantity: 7, img: '/bowie.svg', sku: 'BOWIE-KNIFE' },
  // The same SKU from its name as the first: the later product gets -2.
  { id: '00000000-0000-4000-8000-0000000000b2', name: 'Bowie-Knife', price: 95, quantity: 0, img: '/bowie2.svg', sku: 'BOWIE-KNIFE-2' },
  // Its own name already makes the SKU the suffix above would give the second; both must stay unique.
  { id: '00000000-0000-4000-8000-0000000000b3', name: 'Bowie knife 2', price: 80, quantity: 3, img: '/bowie3.svg', sku: 'BOWIE-KNIFE-2-2' },
  {
    id: '00000000-0000-4000-8000-0000000000b4',
    name: '  Chef’s knife, 21 cm! ',
    price: 60,
    quantity: 12,
    img: '/chef.svg',
    sku: 'CHEF-S-KNIFE-21-CM',
  },
  { id: '00000000-0000-4000-8000-0000000000b5', name: '¡¿!', price: 5, quantity: 1, img: '/odd.svg', sku: 'ITEM' },
];

beforeAll(async () => {
  migrated = await migratedAcross(ProductVariants1765500000000, async (old) => {
    await old.query(`INSERT INTO "user" ("id", "name", "email") VALUES ($1, 'Old Customer', 'old@keen.test')`, [CUSTOMER]);
    for (const [at, product] of PRODUCTS.entries())
      await old.query(
        `INSERT INTO "product" ("id", "name", "description", "price", "quantity", "minimumQuantity", "img", "createdAt")
         VALUES ($1, $2, 'old', $3, $4, 1, $5, now() - make_interval(mins => $6))`,
        [product.id, product.name, product.price, product.quantity, product.img, 60 - at],
      );
    // Two orders: one of the first product; one with a line of each of the two Bowies and one of the chef's knife.
    const order = (id: string, first: (typeof PRODUCTS)[number], total: number) =>
      old.query(
        `INSERT INTO "order" ("id", "userName", "phone", "address", "name", "email", "description", "price", "totalPrice", "quantity", "minimumQuantity", "img", "state", "customerId", "productId")
         VALUES ($1, 'Old Customer', '1', 'Old Street', $2, 'old@keen.test', 'old', $3, $4, 1, 1, $5, 'Paid', $6, $7)`,
        [id, first.name, first.price, total, first.img, CUSTOMER, first.id],
      );
    const line = (orderId: string, position: number, product: (typeof PRODUCTS)[number], quantity: number) =>
      old.query(
        `INSERT INTO "order_line" ("orderId", "position", "productId", "name", "img", "quantity", "unitPrice", "lineTotal")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [orderId, position, product.id, product.name, product.img, quantity, product.price, quantity * product.price],
      );
    await order('00000000-0000-4000-8000-000000000001', PRODUCTS[0], 240);
    await line('00000000-0000-4000-8000-000000000001', 0, PRODUCTS[0], 2);
    await order('00000000-0000-4000-8000-000000000002', PRODUCTS[0], 120 + 95 + 3 * 60);
    await line('00000000-0000-4000-8000-000000000002', 0, PRODUCTS[0], 1);
    await line('00000000-0000-4000-8000-000000000002', 1, PRODUCTS[1], 1);
    await line('00000000-0000-4000-8000-000000000002', 2, PRODUCTS[3], 3);
  });
  expect(migrated.applied[0]).toBe('ProductVariants1765500000000');
  db = migrated.db;
});

afterAll(() => migrated.drop());

test('each product has exactly one variant: its price and stock, no photo of its own, an SKU from its name, no name and no options', async () => {
  const variants = await db.query(
    `SELECT v."productId", v."sku", v."name", v."priceAmount", v."quantity", v."img", v."enabled",
            (SELECT count(*)::int FROM "product_variant_option" o WHERE o."variantId" = v."id") AS "options"
       FROM "product_variant" v ORDER BY v."productId"`,
  );
  expect(variants).toEqual(
    PRODUCTS.map((product) => ({
      productId: product.id,
      sku: product.sku,
      name: '',
      // The later MoneyInMinorUnits migration keeps it in cents.
      priceAmount: product.price * 100,
      quantity: product.quantity,
      img: null,
      enabled: true,
      options: 0,
    })),
  );
  expect(await db.query(`SELECT count(*)::int AS n FROM "product_option_group"`)).toEqual([{ n: 0 }]);
});

test("every order line points at its product's variant, with that variant's SKU", async () => {
  const lines = await db.query(
    `SELECT l."productId", l."variantId" = v."id" AS "ownVariant", l."sku", v."sku" AS "variantSku", l."variantName", l."customValue"
       FROM "order_line" l LEFT JOIN "product_variant" v ON v."productId" = l."productId"
      ORDER BY l."orderId", l."position"`,
  );
  const sku = (index: number) => PRODUCTS[index].sku;
  expect(lines).toEqual(
    [0, 0, 1, 3].map((index) => ({
      productId: PRODUCTS[index].id,
      ownVariant: true,
      sku: sku(index),
      variantSku: sku(index),
      variantName: null,
      customValue: null,
    })),
  );
});

test('SKUs stay unique whatever the case after the migration', async () => {
  await expect(
    db.query(
      `INSERT INTO "product_variant" ("productId", "sku", "name", "priceAmount", "quantity", "position") VALUES ($1, 'bowie-knife', '', 100, 0, 1)`,
      [PRODUCTS[3].id],
    ),
  ).rejects.toThrow(/UQ_product_variant_sku/);
});
