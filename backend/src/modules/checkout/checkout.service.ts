import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { addressInput, formatAddress } from '@keen/rules/address';
import { AppError, badInput, notFound } from '../../common/errors';
import { metrics } from '../../common/metrics';
import type { RateLimits } from '../../common/rate-limits';
import { SharedReads } from '../../common/shared-reads';
import { isId, parseInput, requirePhone } from '../../common/validate';
import { raise } from '../../events/outbox';
import type { ShopSettings } from '../../config';
import { type Caller, requireUser } from '../auth/caller';
import { takeProductStock } from '../catalog/variants';
import { checkPayload, type ComplianceService } from '../compliance/compliance.service';
import type { IdempotencyService, RecordResult } from '../idempotency/idempotency.service';
import { orderPayload } from '../orders/order-events';
import { actorOf, recordPlaced } from '../orders/order-state-machine';
import { Order, OrderState } from '../orders/order.entity';
import type { PlaceOrderInput, ShippingOptionsInput } from '../orders/order.inputs';
import type { OrderSettings } from '../orders/orders.service';
import { type OrderPricing, priceForZone } from '../pricing/pricing';
import type { DeliveryQuote, ShippingService } from '../shipping/shipping.service';
import type { ShippingOption } from '../shipping/shipping.types';
import type { User } from '../users/user.entity';
import { clearanceNote, productLine } from './clearance';
import { destinationOf } from './destination';
import { KnownShortages } from './known-shortages';
import {
  chooseVariant,
  describeVariant,
  MAX_INT,
  normalisedOrder,
  type OfferedVariant,
  offeredVariants,
  type OrderedProduct,
  productsOf,
  type RequestedLine,
  requestedLines,
  shortage,
  unitsByVariant,
} from './lines';
import { type PricedLine, priceLines } from './price-lines';
import { takeUnits, type TakenVariant, unitsByProduct } from './stock-gate';
import { insertLines } from './write-order';

/**
 * Placing an order, as one list of steps, each in a file of its own:
 * 1. resolve the lines (lines.ts): the products, variants, made-to-measure values and engravings asked for;
 * 2. clear them (clearance.ts, ComplianceService): the destination's rules for bladed articles and the age check;
 * 3. price them (price-lines.ts): each line's rules, price and surcharges, from the database;
 * 4. take stock within the limits (stock-gate.ts): conditional updates in the order's transaction, the
 *    customer's unpaid-order limits counted by the order's own INSERT, a rush's known shortages first;
 * 5. quote delivery and tax (ShippingService.quote) on the lines as taken: a buyer the stock refuses reads no rates;
 * 6. write the order, its lines, its history and its events (write-order.ts).
 * A quote (`quote`, GraphQL shippingOptions) runs steps 1, 2, 3 and 5 on the same code, so a quote
 * and an order never disagree. Where an order ships is decided once, by destination.ts.
 */
export class CheckoutService {
  /** The variants on offer, read once for the buyers who ask for the same products at the same moment. */
  private readonly offers: SharedReads<OfferedVariant[]>;
  /** What the stock refused lately: a rush's later buyers are refused without a transaction. */
  private readonly shortages: KnownShortages;
  /** An order's columns, quoted, from its entity (read once). */
  private orderColumns: string[] | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly settings: OrderSettings,
    private readonly limits: RateLimits,
    private readonly idempotency: IdempotencyService,
    private readonly shipping: ShippingService,
    /** The shop's: what new orders are priced in, and its country (where an address text naming none ships, if it delivers nowhere else). */
    private readonly shop: ShopSettings,
    /** The rules for age-restricted products: where they may go, who may buy them, how they ship. */
    private readonly compliance: ComplianceService,
    /** Moves when a committed change to the catalogue is seen (ReadCache.changes): reads before it are not shared after. */
    catalogueChanges: () => number,
  ) {
    this.offers = new SharedReads(catalogueChanges);
    this.shortages = new KnownShortages(catalogueChanges);
  }

  private get currency(): string {
    return this.shop.currency;
  }

  /**
   * Takes every line's units from its variant with conditional updates in the same transaction as
   * the order, so concurrent buyers can never oversell; variants are taken in id order and their
   * products' totals after (the lock order of variants.ts), so carts that share variants wait for
   * each other instead of deadlocking. Prices and totals come from the database. All or nothing:
   * a refused line refuses the order and names the line.
   */
  async place(caller: Caller<User>, input: PlaceOrderInput): Promise<Order> {
    const user = requireUser(caller);
    const { idempotencyKey: key, ...request } = input;
    if (key == null) return this.placeNow(caller, user, request);
    // A retry with the key answers the order the first request placed (as it is now), placing nothing.
    return this.idempotency.once(
      { callerId: user.id, operation: 'placeOrder', key, request: normalisedOrder(request) },
      (record) => this.placeNow(caller, user, request, record),
      (orderId) => this.db.getRepository(Order).findOneByOrFail({ id: orderId }),
    );
  }

  /**
   * The delivery methods that serve `address`, each priced for these lines (free over its
   * threshold); [] for a shop that has not set delivery up. Stock is not taken or checked here.
   */
  async quote(_caller: Caller, input: ShippingOptionsInput): Promise<ShippingOption[]> {
    const { country } = parseInput(addressInput, input.address);
    const wanted = requestedLines({ lines: input.lines, phone: '' });
    if (!wanted.every((line) => isId(line.productId))) throw notFound('Product');
    if (!wanted.every((line) => line.variantId === null || isId(line.variantId))) throw notFound('Variant');
    const manager = this.db.manager;
    const offered = await this.offered(wanted);
    const chosen = await Promise.all(wanted.map((line) => chooseVariant(manager, line, offered)));
    await this.compliance.assertDeliverable(country, chosen.map(productLine));
    const products = productsOf(chosen);
    const prices = new Map(chosen.map((variant) => [variant.id, { id: variant.id, sku: '', priceAmount: variant.priceAmount, img: null }]));
    const lines = priceLines(wanted, chosen, prices, products, this.currency);
    return this.shipping.options(
      country,
      lines.map((line) => ({ amount: line.lineAmount, taxCategory: products.get(line.productId!)!.taxCategory })),
    );
  }

  /**
   * Every variant of the lines' products as an order chooses it. Buyers asking for the same products
   * while a read is in flight share it (a rush's buyers, one round trip): it is never older than the
   * last change to the catalogue this process has seen, and the transaction's conditional updates
   * still decide every sale.
   */
  private offered(lines: RequestedLine[]): Promise<OfferedVariant[]> {
    const productIds = [...new Set(lines.map((line) => line.productId))].sort();
    return this.offers.read(productIds.join(), () => offeredVariants(this.db.manager, productIds));
  }

  /** Places the order; `record` (an idempotency key's) is told its id inside the transaction that writes it. */
  private async placeNow(caller: Caller<User>, user: User, input: PlaceOrderInput, record?: RecordResult): Promise<Order> {
    await this.limits.consume('placeOrder', user.id);
    const wanted = requestedLines(input);
    const phone = requirePhone(input.phone);
    const destination = await destinationOf(input, this.shop.country, this.shipping);
    if (!wanted.every((line) => isId(line.productId))) throw notFound('Product');
    if (!wanted.every((line) => line.variantId === null || isId(line.variantId))) throw notFound('Variant');
    // Once stock is gone, a rush of buyers is answered by a shared read, not a transaction each.
    const offered = await this.offered(wanted);
    const chosen = await Promise.all(wanted.map((line) => chooseVariant(this.db.manager, line, offered)));
    // An age-restricted line needs a destination that takes blades and a current passed age check (REST and GraphQL alike).
    const clearance = await this.compliance.clearOrder(user, destination.country, chosen.map(productLine));
    const units = unitsByVariant(wanted, chosen);
    for (const [id, count] of units) {
      const variant = chosen.find((candidate) => candidate.id === id)!;
      if (variant.quantity < count) throw shortage(wanted, variant);
    }
    const products = productsOf(chosen);
    // Each line's rules (minimum quantity, engraving) refuse it before any lock is taken.
    priceLines(wanted, chosen, new Map(chosen.map((variant) => [variant.id, variant])), products, this.currency);

    const order = await this.inTransactionUnlessShort(wanted, chosen, units, async (manager) => {
      // One statement per variant takes its units and reads it; a rule that fails afterwards rolls
      // every take back with the transaction. The first also locks the customer's row, so that their
      // orders are placed one at a time; the limits are counted by the order's own INSERT.
      const taken = new Map<string, TakenVariant>();
      let emailVerified = false;
      for (const id of [...units.keys()].sort()) {
        const row = await takeUnits(manager, id, units.get(id)!, taken.size === 0 ? user.id : null);
        if (!row) {
          // Refused: what is left now (one light read), kept for the buyers behind this one.
          const [left]: Pick<OfferedVariant, 'quantity' | 'enabled'>[] = await manager.query(
            `SELECT "quantity", "enabled" FROM "product_variant" WHERE "id" = $1`,
            [id],
          );
          if (left?.enabled && left.quantity < units.get(id)!) this.shortages.record(id, left.quantity);
          // A one-line order's refusal names no count (SPEC); the read before the transaction found its variant enabled.
          if (wanted.length === 1) throw shortage(wanted, chosen[0]);
          if (!left) throw notFound('Variant');
          const variant = { ...chosen.find((candidate) => candidate.id === id)!, ...left };
          throw left.enabled ? shortage(wanted, variant) : badInput(`${describeVariant(variant)} is not available`);
        }
        if (taken.size === 0) emailVerified = row.emailVerified === true;
        taken.set(id, row);
      }
      // Priced as taken and quoted once the units are taken: a buyer the stock refuses reads no delivery rates.
      const { lines, delivery, pricing } = await this.priceOrder(
        manager,
        wanted,
        chosen,
        taken,
        products,
        destination.country,
        input.shippingMethodId ?? null,
      );
      const first = lines[0];
      const firstProduct = products.get(first.productId!)!;
      const order = await this.insertWithinLimits(manager, user, emailVerified, units, chosen, {
        userName: user.name,
        email: user.email,
        customerId: user.id,
        phone,
        // Written out only for an order that is placed: most buyers of a rush are refused before this.
        address: destination.shippingAddress ? formatAddress(destination.shippingAddress) : destination.text,
        shippingAddress: destination.shippingAddress,
        shippingMethodId: delivery.methodId,
        shippingMethodName: delivery.methodName,
        productId: first.productId,
        name: first.name,
        description: firstProduct.description,
        img: first.img,
        priceAmount: first.unitAmount,
        minimumQuantity: firstProduct.minimumQuantity,
        quantity: first.quantity,
        currency: this.currency,
        subtotalAmount: pricing.subtotalAmount,
        adjustmentAmount: pricing.adjustmentAmount,
        shippingAmount: pricing.shippingAmount,
        taxAmount: pricing.taxAmount,
        totalAmount: pricing.totalAmount,
        engravingText: first.engravingText,
        engravingFont: first.engravingFont,
        engravingUnitAmount: first.engravingUnitAmount,
        transactionId: null,
        destinationCountry: destination.country,
        ageRestricted: clearance !== null,
        minimumAge: clearance?.minimumAge ?? null,
        deliveryHandover: clearance?.handover ?? null,
        ageCheckId: clearance?.check.id ?? null,
      });
      order.lines = await insertLines(manager, lines, order.id);
      await recordPlaced(manager, order, actorOf(caller), clearance ? clearanceNote(clearance) : undefined);
      const holdEndsAt = new Date(order.createdAt.getTime() + this.settings.unpaidHoldMinutes * 60_000);
      await raise(
        manager,
        'order.placed',
        order.id,
        orderPayload(order, { holdEndsAt, ageCheck: clearance && checkPayload(clearance.check) }),
      );
      await record?.(manager, order.id);
      // Last, so that the product rows stay locked only for these statements and the COMMIT.
      await takeProductStock(manager, unitsByProduct(units, chosen));
      return order;
    });
    metrics.ordersPlaced.inc();
    return order;
  }

  /**
   * Runs an order's `work` in a transaction, unless a take since the catalogue last changed found one
   * of its variants short of as many units: checked before waiting for a connection and again once
   * one is free, since in a rush buyers wait for one while the stock runs out.
   */
  private async inTransactionUnlessShort<T>(
    wanted: RequestedLine[],
    chosen: OfferedVariant[],
    units: Map<string, number>,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    this.refuseKnownShortage(wanted, chosen, units);
    const runner = this.db.createQueryRunner();
    try {
      await runner.connect();
      this.refuseKnownShortage(wanted, chosen, units);
      return await runner.manager.transaction(work);
    } finally {
      await runner.release();
    }
  }

  /** Refuses as an order since the last change was refused: a one-line order as short, a cart naming what was left. */
  private refuseKnownShortage(wanted: RequestedLine[], chosen: OfferedVariant[], units: Map<string, number>): void {
    for (const [id, count] of units) {
      const left = this.shortages.leftIfShort(id, count);
      if (left !== undefined) throw shortage(wanted, { ...chosen.find((variant) => variant.id === id)!, quantity: left });
    }
  }

  /**
   * The order's lines priced from `variants` (as read or as taken), delivery quoted for them, and
   * the whole priced with its tax by the pricing module.
   */
  private async priceOrder(
    manager: EntityManager,
    wanted: RequestedLine[],
    chosen: OfferedVariant[],
    variants: Map<string, TakenVariant>,
    products: Map<string, OrderedProduct>,
    country: string,
    methodId: string | null,
  ): Promise<{ lines: PricedLine[]; delivery: DeliveryQuote; pricing: OrderPricing }> {
    const lines = priceLines(wanted, chosen, variants, products, this.currency);
    const quoted = lines.map((line) => ({ amount: line.lineAmount, taxCategory: products.get(line.productId!)!.taxCategory }));
    const subtotal = quoted.reduce((sum, line) => sum + line.amount, 0);
    const delivery = await this.shipping.quote(manager, country, methodId, subtotal);
    const pricing = priceForZone(quoted, delivery, this.shop);
    lines.forEach((line, index) => Object.assign(line, pricing.lines[index]));
    if (pricing.totalAmount > MAX_INT) throw badInput('The order total is too large; please order fewer units');
    return { lines, delivery, pricing };
  }

  /**
   * The order's row, written only while the customer stays within the limits: their unpaid orders
   * (fewer for an account whose e-mail is not verified) and the units of each variant they hold over
   * every line of those orders, this order's included. Counted in the INSERT itself, a statement
   * after the customer's lock (`takeUnits`), so its snapshot sees every order placed before.
   */
  private async insertWithinLimits(
    manager: EntityManager,
    user: User,
    emailVerified: boolean,
    units: Map<string, number>,
    chosen: OfferedVariant[],
    row: QueryDeepPartialEntity<Order>,
  ): Promise<Order> {
    const { maxUnpaidOrders, maxUnpaidOrdersUnverified, maxHeldUnitsPerVariant } = this.settings;
    const columns = Object.keys(row);
    const values = Object.values(row);
    const at = values.length;
    this.orderColumns ??= this.db.getMetadata(Order).columns.map((column) => `"${column.databaseName}"`);
    // The holdings are read from the customer's unpaid orders (a few rows by their index), not from every line of a variant.
    const [written]: Partial<Order>[] = await manager.query(
      `WITH held AS MATERIALIZED (
         SELECT l."variantId", l."quantity" FROM "order" o JOIN "order_line" l ON l."orderId" = o."id"
          WHERE o."customerId" = $${at + 1} AND o."state" = $${at + 2})
       INSERT INTO "order" (${columns.map((column) => `"${column}"`).join(', ')})
       SELECT ${columns.map((_, index) => `$${index + 1}`).join(', ')}
        WHERE (SELECT count(*) FROM "order" WHERE "customerId" = $${at + 1} AND "state" = $${at + 2}) < $${at + 3}
          AND NOT EXISTS (
                SELECT 1 FROM unnest($${at + 4}::uuid[], $${at + 5}::int[]) AS wanted("variantId", units)
                 WHERE wanted.units + (SELECT coalesce(sum(held."quantity"), 0) FROM held WHERE held."variantId" = wanted."variantId") > $${at + 6})
       RETURNING ${this.orderColumns.join(', ')}`,
      [
        ...values,
        user.id,
        OrderState.AwaitingPayment,
        emailVerified ? maxUnpaidOrders : Math.min(maxUnpaidOrders, maxUnpaidOrdersUnverified),
        [...units.keys()],
        [...units.values()],
        maxHeldUnitsPerVariant,
      ],
    );
    if (!written) throw await this.overLimits(manager, user, emailVerified, units, chosen);
    return Object.assign(new Order(), written);
  }

  /** Which limit an order refused by `insertWithinLimits` is over, in the customer's words. */
  private async overLimits(
    manager: EntityManager,
    user: User,
    emailVerified: boolean,
    units: Map<string, number>,
    chosen: OfferedVariant[],
  ): Promise<AppError> {
    const [{ orders, held }]: { orders: number; held: Record<string, number> | null }[] = await manager.query(
      `SELECT (SELECT count(*) FROM "order" WHERE "customerId" = $1 AND "state" = $2)::int AS orders,
              (SELECT json_object_agg(h."variantId", h.units) FROM (
                 SELECT l."variantId", sum(l."quantity")::int AS units
                   FROM "order_line" l JOIN "order" o ON o."id" = l."orderId"
                  WHERE o."customerId" = $1 AND o."state" = $2 AND l."variantId" = ANY($3::uuid[])
                  GROUP BY l."variantId") h) AS held`,
      [user.id, OrderState.AwaitingPayment, [...units.keys()]],
    );
    const unverifiedLimit = this.settings.maxUnpaidOrdersUnverified;
    if (!emailVerified && orders >= unverifiedLimit) {
      return badInput(
        unverifiedLimit === 1
          ? 'Verify your e-mail address to hold more than one unpaid order; pay for or cancel your order first'
          : `Verify your e-mail address to hold more than ${unverifiedLimit} unpaid orders; pay for or cancel one first`,
      );
    }
    if (orders >= this.settings.maxUnpaidOrders) {
      return badInput(`You already have ${orders} unpaid orders: pay for or cancel one before placing another`);
    }
    const limit = this.settings.maxHeldUnitsPerVariant;
    for (const [variantId, quantity] of units) {
      const already = held?.[variantId] ?? 0;
      if (already + quantity <= limit) continue;
      const name = describeVariant(chosen.find((variant) => variant.id === variantId)!);
      return badInput(
        already > 0
          ? `You already hold ${already} unpaid units of ${name}; pay for or cancel an order first`
          : `An order may hold at most ${limit} units of ${name} until it is paid`,
      );
    }
    return new AppError('CONFLICT', 'Your unpaid orders changed while this one was placed; please try again');
  }
}
