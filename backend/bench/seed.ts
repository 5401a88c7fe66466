import path from 'node:path';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import type { RateLimits } from '../src/common/rate-limits';
import { DEFAULT_UPLOAD_SETTINGS } from '../src/config';
import { LocalDiskImageStore } from '../src/modules/uploads/image-store';
import { UploadsService } from '../src/modules/uploads/uploads.service';
import { Product } from '../src/modules/catalog/product.entity';
import { slugPart } from '../src/modules/catalog/slugs';
import { addOnlyVariant } from '../src/modules/catalog/variants';
import { Order, OrderState } from '../src/modules/orders/order.entity';
import { Review } from '../src/modules/reviews/review.entity';
import { User } from '../src/modules/users/user.entity';
import { seedCatalogue } from '../src/seed/seed';
import { addOneLineEach } from './order-lines';

const CUSTOMER_EMAIL = 'bench-customer@keen.test';

/** A knife made from `p`, named `name`, added at `at`, with `quantity` units. */
const knife = (p: Product, name: string, at: number, quantity = p.quantity) => ({
  name,
  slug: slugPart(name),
  description: p.description,
  img: p.img,
  priceAmount: p.priceAmount,
  quantity,
  minimumQuantity: p.minimumQuantity,
  engravable: p.engravable,
  engravingMaxLength: p.engravingMaxLength,
  engravingAmount: p.engravingAmount,
  createdAt: new Date(at),
});

/**
 * The demo catalogue (14 knives, 4 reviews), 6 more knives to make 20, reviews by the customer,
 * the customer with 30 orders, then (21st) the race's product with stock 100 and last the cart
 * race's three products.
 */
export async function seedBenchShop(
  db: DataSource,
  dataDir: string,
  raceStock: number,
  cartStock: number,
): Promise<{ customer: User; raceProductId: string; cartProductIds: string[] }> {
  // The demo photos go where the bench's Keen (DATA_DIR `dataDir`) serves its uploads; the seed counts against no allowance.
  const limits = { consume: async () => undefined } as unknown as RateLimits;
  const uploads = new UploadsService(db, new LocalDiskImageStore(path.join(dataDir, 'uploads')), limits, null, DEFAULT_UPLOAD_SETTINGS);
  await seedCatalogue(db, uploads, pino({ level: 'silent' }));
  const products = db.getRepository(Product);
  const demo = await products.find({ order: { createdAt: 'ASC' } });
  const now = Date.now();
  await products.insert(demo.slice(0, 20 - demo.length).map((p, i) => knife(p, `${p.name} (Bench Edition)`, now + i * 1000)));
  const race = await products.save({
    ...knife(demo[0], 'Bench Race Knife', now + 60_000, raceStock),
    minimumQuantity: 1,
    engravable: false,
  });
  const cart = await products.save(
    [1, 2, 3].map((n) => ({
      ...knife(demo[n], `Bench Cart Knife ${n}`, now + 60_000 + n * 1000, cartStock),
      minimumQuantity: 1,
      engravable: false,
    })),
  );
  // The bench's own knives get their one variant, as the catalogue gives every product it adds.
  const lacking = await products
    .createQueryBuilder('p')
    .where('NOT EXISTS (SELECT 1 FROM product_variant v WHERE v."productId" = p.id)')
    .getMany();
  for (const product of lacking) await addOnlyVariant(db.manager, product);
  const catalogue = await products.find({ order: { createdAt: 'ASC' }, take: 20 });

  const customer = await db.getRepository(User).save({
    name: 'Bench Customer',
    email: CUSTOMER_EMAIL,
    address: '1 Bench Road, Sheffield',
    phone: '+44 114 496 0100',
    emailVerified: true,
  });
  await db.getRepository(Review).insert(
    catalogue.slice(0, 6).map((p, i) => ({
      userName: customer.name,
      name: customer.name,
      email: customer.email,
      description: `Bought the ${p.name}; it holds its edge.`,
      star: 3 + (i % 3),
      authorId: customer.id,
    })),
  );
  // Closed states, and two unpaid orders placed just now: the expiry sweep must not change the answer mid-bench.
  const closed = [OrderState.Paid, OrderState.Shipped, OrderState.Cancelled, OrderState.Expired, OrderState.Refunded];
  await db.getRepository(Order).insert(
    Array.from({ length: 30 }, (_, i) => {
      const p = catalogue[i % catalogue.length];
      const state = i < 2 ? OrderState.AwaitingPayment : closed[i % closed.length];
      const createdAt = new Date(i < 2 ? now - i * 1000 : now - i * 3_600_000);
      const later = new Date(createdAt.getTime() + 600_000);
      const engraved = p.engravable && i % 3 === 0;
      const quantity = 1 + (i % 3);
      const paid = state === OrderState.Paid || state === OrderState.Shipped || state === OrderState.Refunded;
      return {
        userName: customer.name,
        email: customer.email,
        customerId: customer.id,
        phone: customer.phone!,
        address: customer.address!,
        productId: p.id,
        name: p.name,
        description: p.description,
        img: p.img,
        priceAmount: p.priceAmount,
        minimumQuantity: p.minimumQuantity,
        quantity,
        currency: 'USD',
        subtotalAmount: quantity * (p.priceAmount + (engraved ? p.engravingAmount : 0)),
        totalAmount: quantity * (p.priceAmount + (engraved ? p.engravingAmount : 0)),
        engravingText: engraved ? `For Sam ${i}` : null,
        engravingFont: engraved ? 'script' : null,
        engravingUnitAmount: engraved ? p.engravingAmount : null,
        state,
        transactionId: paid ? `pi_bench_${i}` : null,
        paidAt: paid ? later : null,
        shippedAt: state === OrderState.Shipped ? later : null,
        cancelledAt: state === OrderState.Cancelled ? later : null,
        expiredAt: state === OrderState.Expired ? later : null,
        refundedAt: state === OrderState.Refunded ? later : null,
        createdAt,
      };
    }),
  );
  await addOneLineEach(db);
  return {
    customer: await db.getRepository(User).findOneByOrFail({ id: customer.id }),
    raceProductId: race.id,
    cartProductIds: cart.map((p) => p.id),
  };
}

/**
 * A copy of each of these products, named with `label`, with `stock` units in its one variant,
 * added now (a race's other side or its warm-up, made after the read rounds so that they read the
 * same shop).
 */
export async function copiesWithStock(
  db: DataSource,
  productIds: string[],
  stock: number,
  label: string,
): Promise<{ productId: string; variantId: string }[]> {
  const products = db.getRepository(Product);
  const copies: { productId: string; variantId: string }[] = [];
  for (const id of productIds) {
    const p = await products.findOneByOrFail({ id });
    const copy = await products.save(knife(p, `${p.name} (${label})`, Date.now(), stock));
    await addOnlyVariant(db.manager, copy);
    const [{ variantId }] = (await db.query('SELECT id AS "variantId" FROM product_variant WHERE "productId" = $1', [copy.id])) as {
      variantId: string;
    }[];
    copies.push({ productId: copy.id, variantId });
  }
  return copies;
}
