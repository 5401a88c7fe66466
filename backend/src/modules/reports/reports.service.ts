import { type DataSource } from 'typeorm';
import { toMajorUnits } from '@keen/rules';
import { csvRows } from '../../common/csv';
import { MAX_TAKE } from '../../common/list';
import { type Caller, requireAdmin } from '../auth';
import { type CatalogService, Product, type ProductListOptions } from '../catalog';
import type { Order, OrderListOptions, OrdersService } from '../orders';
import type { UserListOptions, UsersService } from '../users';
import type { ShopMoney } from '../shop';
import { type DailySales, type LowStockVariant, type Overview, type ProductUnits, type VariantUnits } from './overview.types';

export const OVERVIEW_DAYS = 30;
/** The overview's units by product lists this many products at most. */
export const UNITS_BY_PRODUCT_LIMIT = 10;

export class ReportsService {
  constructor(
    private readonly db: DataSource,
    private readonly catalog: CatalogService,
    private readonly orders: OrdersService,
    private readonly users: UsersService,
    private readonly shop: ShopMoney,
  ) {}

  async overview(caller: Caller): Promise<Overview> {
    requireAdmin(caller);
    // Revenue lands on the day an order was paid, net of what its refunds returned; order counts on the day it was placed.
    const dayRows: { day: string; amount: number; orders: number }[] = await this.db.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              (SELECT COALESCE(SUM(o."totalAmount" - o."refundedAmount"), 0)::int FROM "order" o
                WHERE o.state IN ('Paid', 'AwaitingProof', 'InProduction', 'Shipped', 'Delivered', 'PartiallyRefunded') AND o."paidAt" >= d.day AT TIME ZONE 'UTC' AND o."paidAt" < (d.day + interval '1 day') AT TIME ZONE 'UTC') AS amount,
              (SELECT COUNT(*)::int FROM "order" o
                WHERE o."createdAt" >= d.day AT TIME ZONE 'UTC' AND o."createdAt" < (d.day + interval '1 day') AT TIME ZONE 'UTC') AS orders
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
        ORDER BY d.day`,
      [OVERVIEW_DAYS],
    );
    const days: DailySales[] = dayRows.map(({ day, amount, orders }) => ({
      day,
      sales: this.shop.money(amount),
      revenue: this.shop.whole(amount),
      orders,
    }));
    const [{ paid, unpaid }] = await this.db.query(
      `SELECT COUNT(*) FILTER (WHERE state IN ('Paid', 'AwaitingProof', 'InProduction', 'Shipped', 'Delivered', 'PartiallyRefunded'))::int AS paid, COUNT(*) FILTER (WHERE state = 'AwaitingPayment')::int AS unpaid FROM "order"`,
    );
    // Per variant: a product is low when one of its enabled variants is.
    const lowStockVariants: LowStockVariant[] = await this.db.query(
      `SELECT v."id" AS "variantId", v."productId", p."name", v."name" AS "variantName", v."sku", v."quantity", p."minimumQuantity"
         FROM "product_variant" v JOIN "product" p ON p."id" = v."productId"
        WHERE v."enabled" AND v."quantity" <= p."minimumQuantity"
        ORDER BY v."quantity" ASC, p."name" ASC, v."position" ASC
        LIMIT $1`,
      [MAX_TAKE],
    );
    const lowStockProducts = await this.db
      .getRepository(Product)
      .createQueryBuilder('product')
      .where(
        'EXISTS (SELECT 1 FROM product_variant v WHERE v."productId" = product.id AND v.enabled AND v.quantity <= product."minimumQuantity")',
      )
      .orderBy('product.quantity', 'ASC')
      .addOrderBy('product.name', 'ASC')
      .take(MAX_TAKE)
      .getMany();
    // Units come from the lines, so every line of a cart order counts. A line whose product was
    // deleted keeps the name it was ordered under; such lines group by that name.
    const unitsByProduct: ProductUnits[] = await this.db.query(
      `SELECT l."productId" AS "productId", COALESCE(p.name, MIN(l.name)) AS name, SUM(l.quantity - l."refundedQuantity")::int AS units
         FROM "order_line" l
         JOIN "order" o ON o.id = l."orderId"
         LEFT JOIN "product" p ON p.id = l."productId"
        WHERE o.state IN ('Paid', 'AwaitingProof', 'InProduction', 'Shipped', 'Delivered', 'PartiallyRefunded')
          AND o."paidAt" >= ((now() AT TIME ZONE 'UTC')::date - ($1::int - 1))::timestamp AT TIME ZONE 'UTC'
        GROUP BY l."productId", p.name, CASE WHEN l."productId" IS NULL THEN l.name END
        ORDER BY units DESC, name ASC
        LIMIT $2`,
      [OVERVIEW_DAYS, UNITS_BY_PRODUCT_LIMIT],
    );
    // A made-to-measure variant's lines carry their measures in their names: they count as the variant.
    const unitsByVariant: VariantUnits[] = await this.db.query(
      `SELECT l."variantId", MIN(l.name) AS name,
              CASE WHEN v."id" IS NULL THEN MIN(l."variantName") ELSE NULLIF(v."name", '') END AS "variantName",
              COALESCE(v."sku", MIN(l.sku)) AS sku, SUM(l.quantity - l."refundedQuantity")::int AS units
         FROM "order_line" l
         JOIN "order" o ON o.id = l."orderId"
         LEFT JOIN "product_variant" v ON v."id" = l."variantId"
        WHERE o.state IN ('Paid', 'AwaitingProof', 'InProduction', 'Shipped', 'Delivered', 'PartiallyRefunded')
          AND o."paidAt" >= ((now() AT TIME ZONE 'UTC')::date - ($1::int - 1))::timestamp AT TIME ZONE 'UTC'
        GROUP BY l."variantId", v."id", v."name", v."sku", CASE WHEN l."variantId" IS NULL THEN l.name || coalesce(l."variantName", '') END
        ORDER BY units DESC, name ASC, "variantName" ASC
        LIMIT $2`,
      [OVERVIEW_DAYS, UNITS_BY_PRODUCT_LIMIT],
    );
    return { days, paidOrders: paid, unpaidOrders: unpaid, lowStockProducts, lowStockVariants, unitsByProduct, unitsByVariant };
  }

  /**
   * Every order matching the All Orders grid's filter and sort, one row per line (the order's own
   * fields repeated on each). Admin only; checked before the first row.
   */
  exportOrders(caller: Caller, options: Omit<OrderListOptions, 'skip' | 'take'>): AsyncGenerator<string> {
    requireAdmin(caller);
    return csvRows(
      [
        'id',
        'line',
        'createdAt',
        'product',
        'customer',
        'email',
        'phone',
        'address',
        'quantity',
        'price',
        'lineTotal',
        'totalPrice',
        'paid',
        'status',
        'transactionId',
        'state',
        'paidAt',
        'engravingText',
        'engravingFont',
        'engravingUnitPrice',
        'variant',
        'sku',
        'customValue',
        'currency',
        'discountCode',
        'lineDiscount',
        'orderDiscount',
        'giftMessage',
        'workshopNote',
      ],
      async (page) => {
        const { items } = await this.orders.listAll(caller, { ...options, ...page });
        return { items: await this.orders.withLines(items) };
      },
      (o: Order) =>
        (o.lines ?? []).map((line) => [
          o.id,
          line.position + 1,
          o.createdAt,
          line.name,
          o.userName,
          o.email,
          o.phone,
          o.address,
          line.quantity,
          toMajorUnits(line.unitAmount, line.currency),
          toMajorUnits(line.lineAmount, line.currency),
          toMajorUnits(o.totalAmount, o.currency),
          o.paid,
          o.status,
          o.transactionId,
          o.state,
          o.paidAt,
          line.engravingText,
          line.engravingFont,
          line.engravingUnitAmount === null ? null : toMajorUnits(line.engravingUnitAmount, line.currency),
          line.variantName,
          line.sku,
          line.customValue,
          o.currency,
          o.discountCode,
          toMajorUnits(line.discountAmount, line.currency),
          toMajorUnits(o.discountAmount, o.currency),
          o.giftMessage,
          o.workshopNote,
        ]),
    );
  }

  exportProducts(caller: Caller, options: Omit<ProductListOptions, 'skip' | 'take'>): AsyncGenerator<string> {
    requireAdmin(caller);
    return csvRows(
      ['id', 'createdAt', 'name', 'description', 'price', 'quantity', 'minimumQuantity', 'img', 'currency'],
      (page) => this.catalog.list(caller, { ...options, ...page }),
      (p) => [
        [
          p.id,
          p.createdAt,
          p.name,
          p.description,
          this.shop.major(p.priceAmount),
          p.quantity,
          p.minimumQuantity,
          p.img,
          this.shop.currency,
        ],
      ],
    );
  }

  exportUsers(caller: Caller, options: Omit<UserListOptions, 'skip' | 'take'>): AsyncGenerator<string> {
    requireAdmin(caller);
    return csvRows(
      ['id', 'createdAt', 'name', 'email', 'phone', 'address', 'role'],
      (page) => this.users.list(caller, { ...options, ...page }),
      (u) => [[u.id, u.createdAt, u.name, u.email, u.phone, u.address, u.role]],
    );
  }
}
