import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { badInput, conflict, notFound, unauthenticated } from '../../common/errors';
import type { RateLimits } from '../../common/rate-limits';
import { isId, parseInput } from '../../common/validate';
import { type Caller, requireAdmin } from '../auth';
import { AdjustmentSource, type Reduction } from '../pricing';
import type { ShopMoney } from '../shop';
import { Discount, DiscountKind, DiscountScope } from './discount.entity';
import type { DiscountInput } from './discount.inputs';
import { CODE_PATTERN, discountInput } from './discount-rules';
import { releaseDiscountUse } from './discount-usage';

const UNIQUE_VIOLATION = '23505';

/** A line of a cart as a code is checked against it: its product and its amount before adjustments. */
export interface LineForCode {
  productId: string;
  amount: number;
}

/** A code a cart may use: the discount, and the reduction it makes through the pricing seam (priceOrder). */
export interface RedeemedCode {
  discount: Discount;
  reduction: Reduction;
}

/**
 * Discount codes: staff create, change and disable them (an admin or a `discounts:write` key);
 * the checkout asks `redeem` whether a cart may use one and for the reduction it makes, and
 * `claim`s a use inside the order's transaction, so a code's usage limit holds however many
 * buyers race for it. A cancelled or expired order gives its use back once that is committed
 * (`releaseUseOf`, from discounts.work.ts).
 */
export class DiscountsService {
  constructor(
    private readonly db: DataSource,
    private readonly limits: RateLimits,
    private readonly shop: ShopMoney,
  ) {}

  /** Gives an order's use of its code back (none without one, nor a second time). */
  releaseUseOf(orderId: string): Promise<void> {
    return releaseDiscountUse(this.db, orderId);
  }

  /** Every code, newest first. */
  async list(caller: Caller): Promise<Discount[]> {
    requireAdmin(caller);
    return this.db.getRepository(Discount).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  async create(caller: Caller, input: DiscountInput): Promise<Discount> {
    requireAdmin(caller);
    const discount = await this.checked(input);
    return this.written(async (manager) => (await manager.getRepository(Discount).insert(discount)).identifiers[0].id, discount.code);
  }

  /** Replaces a code's rules; its usage stays. */
  async update(caller: Caller, id: string, input: DiscountInput): Promise<Discount> {
    requireAdmin(caller);
    const discount = await this.checked(input);
    if (!isId(id)) throw notFound('Discount');
    return this.written(async (manager) => {
      const { affected } = await manager.getRepository(Discount).update({ id }, discount);
      if (!affected) throw notFound('Discount');
      return id;
    }, discount.code);
  }

  /** Shoppers can no longer use it; orders that hold a use keep it. */
  async disable(caller: Caller, id: string): Promise<Discount> {
    requireAdmin(caller);
    if (!isId(id)) throw notFound('Discount');
    return this.written(async (manager) => {
      const { affected } = await manager.getRepository(Discount).update({ id }, { enabled: false });
      if (!affected) throw notFound('Discount');
      return id;
    });
  }

  /**
   * Whether a customer's cart may use `code`, and the reduction it makes: refused (400, naming the
   * code) when it is unknown or disabled, not started or expired, used up, already used by this
   * customer, the subtotal is short of its minimum, or no line is one it applies to. Every check
   * counts against the caller's allowance (RATE_LIMIT_DISCOUNT_CODES), so codes cannot be guessed.
   */
  async redeem(caller: Caller, code: string, lines: readonly LineForCode[]): Promise<RedeemedCode> {
    const checker = caller.user?.id ?? (caller.apiKey && `key:${caller.apiKey.id}`);
    if (!checker) throw unauthenticated('Sign in to use a discount code');
    await this.limits.consume('discountCode', checker);
    const typed = code.trim();
    const discount = CODE_PATTERN.test(typed)
      ? await this.db.getRepository(Discount).createQueryBuilder('d').where('lower(d."code") = lower(:typed)', { typed }).getOne()
      : null;
    if (!discount?.enabled) throw badInput(`There is no code ${typed.slice(0, 40)}`);
    const name = discount.code;
    const now = Date.now();
    if (discount.startsAt && discount.startsAt.getTime() > now) throw badInput(`${name} is not valid yet`);
    if (discount.endsAt && discount.endsAt.getTime() <= now) throw badInput(`${name} has expired`);
    if (discount.usageLimit !== null && discount.timesUsed >= discount.usageLimit) throw badInput(`${name} has been used up`);
    if (discount.oncePerCustomer && caller.user && (await this.hasUsed(this.db.manager, discount.id, caller.user.id)))
      throw badInput(`You have already used ${name}`);
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    if (discount.minimumSubtotalAmount !== null && subtotal < discount.minimumSubtotalAmount)
      throw badInput(`Spend ${this.shop.format(discount.minimumSubtotalAmount)} to use ${name}`);
    const eligible = await this.eligibleProducts(discount, lines);
    const linePositions = lines.flatMap((line, position) => (eligible.has(line.productId) ? [position] : []));
    if (!linePositions.length) throw badInput(`${name} is not valid for these knives`);
    const reduction: Reduction =
      discount.kind === DiscountKind.FREE_SHIPPING
        ? { source: AdjustmentSource.discount, label: name, off: { percent: 100 }, onDelivery: true }
        : {
            source: AdjustmentSource.discount,
            label: name,
            off: discount.kind === DiscountKind.PERCENT ? { percent: discount.value } : { amount: discount.value },
            linePositions,
          };
    return { discount, reduction };
  }

  /**
   * Takes one use of the code for `orderId`, inside the order's transaction: a conditional UPDATE
   * (the code's row stays locked until the commit), so exactly `usageLimit` orders win a race. The
   * customer's own orders are placed one at a time (the checkout locks their row first), so their
   * earlier use is seen here.
   */
  async claim(manager: EntityManager, discount: Discount, orderId: string, customerId: string): Promise<void> {
    if (discount.oncePerCustomer && (await this.hasUsed(manager, discount.id, customerId)))
      throw badInput(`You have already used ${discount.code}`);
    const [, claimed]: [unknown, number] = await manager.query(
      `UPDATE "discount" SET "timesUsed" = "timesUsed" + 1
        WHERE "id" = $1 AND "enabled" AND ("usageLimit" IS NULL OR "timesUsed" < "usageLimit")
          AND ("startsAt" IS NULL OR "startsAt" <= now()) AND ("endsAt" IS NULL OR "endsAt" > now())`,
      [discount.id],
    );
    if (!claimed) {
      const [now]: Pick<Discount, 'enabled' | 'endsAt'>[] = await manager.query(
        `SELECT "enabled", "endsAt" FROM "discount" WHERE "id" = $1`,
        [discount.id],
      );
      if (!now?.enabled) throw badInput(`There is no code ${discount.code}`);
      if (now.endsAt && new Date(now.endsAt).getTime() <= Date.now()) throw badInput(`${discount.code} has expired`);
      throw badInput(`${discount.code} has been used up`);
    }
    await manager.query(`INSERT INTO "discount_use" ("orderId", "discountId", "customerId") VALUES ($1, $2, $3)`, [
      orderId,
      discount.id,
      customerId,
    ]);
  }

  private async hasUsed(manager: EntityManager, discountId: string, customerId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM "discount_use" WHERE "discountId" = $1 AND "customerId" = $2 AND "releasedAt" IS NULL LIMIT 1`,
      [discountId, customerId],
    );
    return rows.length > 0;
  }

  /** The products of these lines the code applies to (a free-shipping code: those the order needs one of). */
  private async eligibleProducts(discount: Discount, lines: readonly LineForCode[]): Promise<Set<string>> {
    const productIds = lines.map((line) => line.productId);
    if (discount.appliesTo === DiscountScope.ORDER) return new Set(productIds);
    if (discount.appliesTo === DiscountScope.PRODUCTS) return new Set(productIds.filter((id) => discount.productIds.includes(id)));
    const rows: { productId: string }[] = await this.db.query(
      `SELECT DISTINCT "productId" FROM "collection_product" WHERE "collectionId" = ANY($1::uuid[]) AND "productId" = ANY($2::uuid[])`,
      [discount.collectionIds, productIds],
    );
    return new Set(rows.map((row) => row.productId));
  }

  /** The input checked, its products and collections existing. */
  private async checked(input: DiscountInput) {
    const discount = parseInput(discountInput, input);
    const [{ products, collections }]: { products: number; collections: number }[] = await this.db.query(
      `SELECT (SELECT count(*) FROM "product" WHERE "id" = ANY($1::uuid[]))::int AS products,
              (SELECT count(*) FROM "collection" WHERE "id" = ANY($2::uuid[]))::int AS collections`,
      [discount.productIds, discount.collectionIds],
    );
    if (products !== discount.productIds.length) throw notFound('Product');
    if (collections !== discount.collectionIds.length) throw notFound('Collection');
    return discount;
  }

  /** A code write, answered with the code; a code another discount has (whatever the case) is a clean conflict. */
  private async written(work: (manager: EntityManager) => Promise<string>, code?: string): Promise<Discount> {
    try {
      const id = await this.db.transaction(work);
      return await this.db.getRepository(Discount).findOneByOrFail({ id });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION)
        throw conflict(`Another discount has the code ${code}`);
      throw error;
    }
  }
}
