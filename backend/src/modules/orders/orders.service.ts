import { EMPTY_QUANTITY, measureOutOfBounds, MINIMUM_QUANTITY, SHORTAGE } from '@keen/rules';
import type { Logger } from 'pino';
import { type DataSource, type EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AppError, badInput, conflict, forbidden, notFound } from '../../common/errors';
import { checkPage, likePattern, rowsPage, SortDirection } from '../../common/list';
import { metrics } from '../../common/metrics';
import { SharedReads } from '../../common/shared-reads';
import { raise } from '../../events/outbox';
import { isId, normalizeEmail, parseInput, requirePhone, requireText } from '../../common/validate';
import type { RateLimits } from '../../common/rate-limits';
import { type Caller, isAdmin, requireAdmin, requireUser } from '../auth/caller';
import { checkEngraving, type Engraving, engravingSurcharge } from '../catalog/engraving';
import { Product } from '../catalog/product.entity';
import { describe, takeProductStock } from '../catalog/variants';
import type { IdempotencyService, RecordResult } from '../idempotency/idempotency.service';
import { PAYING_STATUSES, type PaymentProvider } from './payment-provider';
import { User } from '../users/user.entity';
import { OrderActorKind, OrderEvent } from './order-event.entity';
import { orderPayload } from './order-events';
import { Order, OrderState, OrderStatus } from './order.entity';
import { OrderLine } from './order-line.entity';
import {
  OrderListOptions,
  type OrderLineInput,
  OrderSortField,
  type PlaceOrderInput,
  type ShipmentTrackingInput,
  type ShippingOptionsInput,
} from './order.inputs';
import type { Quote, ShippingService } from '../shipping/shipping.service';
import type { ShippingOption } from '../shipping/shipping.types';
import type { ShopSettings } from '../../config';
import type { PostalAddress } from '../addresses/postal-address.type';
import { addressInput, countryName, formatAddress } from '@keen/rules/address';
import { countryOfAddressText, DELIVERY_COUNTRY_REQUIRED } from '../addresses/country-of-text';
import { actorOf, assertAllowed, moveOrder, recordPlaced, SYSTEM } from './order-state-machine';
import { type AgeClearance, checkPayload, type ComplianceService, type ProductLine } from '../compliance/compliance.service';
import { BladeHandover } from '../compliance/blade-rule.entity';
import { KnownShortages } from './known-shortages';

export interface OrderSettings {
  /** How long an unpaid order holds its units. */
  unpaidHoldMinutes: number;
  /** How many unpaid orders one customer may hold at once. */
  maxUnpaidOrders: number;
  /** The same, until the customer's e-mail is verified. */
  maxUnpaidOrdersUnverified: number;
  /** Units of one variant a customer's unpaid orders may hold together, so nobody can hoard stock. */
  maxHeldUnitsPerVariant: number;
}

/** The largest value an `int` column and a GraphQL Int can hold. */
const MAX_INT = 2_147_483_647;

function optionalTrackingText(value: unknown, label: string, maxLength: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw badInput(`${label} must be text`);
  const text = value.trim();
  if (text.length > maxLength) throw badInput(`${label} must be at most ${maxLength} characters`);
  return text || null;
}

export class OrdersService {
  /** The variants on offer, read once for the buyers who ask for the same products at the same moment. */
  private readonly offers: SharedReads<OfferedVariant[]>;
  /** What the stock refused lately: a rush's later buyers are refused without a transaction. */
  private readonly shortages: KnownShortages;

  constructor(
    private readonly db: DataSource,
    private readonly provider: PaymentProvider,
    private readonly settings: OrderSettings,
    private readonly logger: Logger,
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

  /** An order's columns, quoted, from its entity (read once). */
  private orderColumns: string[] | undefined;

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
      (orderId) => this.find(this.db.manager, orderId),
    );
  }

  /**
   * The delivery methods that serve `address`, each priced for these lines (free over its
   * threshold); [] for a shop that has not set delivery up. Stock is not taken or checked here.
   */
  async shippingOptions(_caller: Caller, input: ShippingOptionsInput): Promise<ShippingOption[]> {
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

  /**
   * Where an order ships, which alone decides its blade rules, tax and delivery: its structured
   * address, or the country its address text names (older clients). A text that names none ships
   * in the shop's own country only while the shop delivers nowhere else.
   */
  private async destinationOf(input: PlaceOrderInput): Promise<Destination> {
    if (input.shippingAddress == null) {
      const text = requireText(input.address, 'Address is Required', 500);
      const country = countryOfAddressText(text) ?? ((await this.deliversOnlyHome()) ? this.shop.country : null);
      if (!country) throw badInput(DELIVERY_COUNTRY_REQUIRED);
      return { country, text, shippingAddress: null };
    }
    const { name, line1, line2, city, region, postalCode, country, phone } = parseInput(addressInput, input.shippingAddress);
    const shippingAddress = { name, line1, line2: line2 ?? null, city, region: region ?? null, postalCode, country, phone };
    return { country, text: null, shippingAddress };
  }

  /** The shop's delivery zones cover no country but its own (or it has none): an address needs no country named. */
  private async deliversOnlyHome(): Promise<boolean> {
    return (await this.shipping.countries()).every((country) => country === this.shop.country);
  }

  /** Places the order; `record` (an idempotency key's) is told its id inside the transaction that writes it. */
  private async placeNow(caller: Caller<User>, user: User, input: PlaceOrderInput, record?: RecordResult): Promise<Order> {
    await this.limits.consume('placeOrder', user.id);
    const wanted = requestedLines(input);
    const phone = requirePhone(input.phone);
    const destination = await this.destinationOf(input);
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
      const { lines, quote } = await this.priceOrder(
        manager,
        wanted,
        chosen,
        taken,
        products,
        destination.country,
        input.shippingMethodId ?? null,
      );
      const total = quote.totalAmount;
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
        shippingMethodId: quote.methodId,
        shippingMethodName: quote.methodName,
        productId: first.productId,
        name: first.name,
        description: firstProduct.description,
        img: first.img,
        priceAmount: first.unitAmount,
        minimumQuantity: firstProduct.minimumQuantity,
        quantity: first.quantity,
        currency: this.currency,
        subtotalAmount: quote.subtotalAmount,
        shippingAmount: quote.shippingAmount,
        taxAmount: quote.taxAmount,
        totalAmount: total,
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

  /** The order's lines priced from `variants` (as read or as taken), with their tax, shipping and totals. */
  private async priceOrder(
    manager: EntityManager,
    wanted: RequestedLine[],
    chosen: OfferedVariant[],
    variants: Map<string, TakenVariant>,
    products: Map<string, OrderedProduct>,
    country: string,
    methodId: string | null,
  ): Promise<{ lines: PricedLine[]; quote: Quote }> {
    const lines = priceLines(wanted, chosen, variants, products, this.currency);
    const quote = await this.shipping.quote(
      manager,
      country,
      methodId,
      lines.map((line) => ({ amount: line.lineAmount, taxCategory: products.get(line.productId!)!.taxCategory })),
    );
    lines.forEach((line, index) => Object.assign(line, quote.lineTaxes[index]));
    if (quote.totalAmount > MAX_INT) throw badInput('The order total is too large; please order fewer units');
    return { lines, quote };
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

  /** Sets `lines` (in position order) on each order that has none yet, with one statement; answers the same orders. */
  async withLines(orders: Order[]): Promise<Order[]> {
    const lineless = orders.filter((order) => !order.lines);
    if (!lineless.length) return orders;
    const lines = await this.linesOf(lineless.map((order) => order.id));
    for (const order of lineless) order.lines = lines.get(order.id) ?? [];
    return orders;
  }

  /** The lines of these orders, by order id, in position order: one statement. */
  async linesOf(orderIds: readonly string[]): Promise<Map<string, OrderLine[]>> {
    const byOrder = new Map<string, OrderLine[]>();
    if (!orderIds.length) return byOrder;
    const rows = await this.db
      .getRepository(OrderLine)
      .find({ where: { orderId: In([...orderIds]) }, order: { orderId: 'ASC', position: 'ASC' } });
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /** One order, for its customer or an admin (or an API key). */
  async get(caller: Caller, id: string): Promise<Order> {
    const user = isAdmin(caller) ? null : requireUser(caller);
    const order = await this.find(this.db.manager, id);
    if (user && order.customerId !== user.id) throw forbidden('This is not your order');
    return order;
  }

  listAll(caller: Caller, options?: OrderListOptions) {
    requireAdmin(caller);
    return this.list(options, null);
  }

  listMine(caller: Caller, options?: OrderListOptions) {
    return this.list(options, requireUser(caller).id);
  }

  /** Orders of one e-mail address: your own, or anyone's for an admin. */
  async listByEmail(caller: Caller, email: unknown, options?: OrderListOptions) {
    const user = requireUser(caller);
    const asked = normalizeEmail(email);
    if (asked === user.email) return this.list(options, user.id);
    requireAdmin(caller);
    const customer = await this.db.getRepository(User).findOneBy({ email: asked });
    return customer ? this.list(options, customer.id) : { items: [], totalItems: 0 };
  }

  /**
   * The tracking (every part optional) is stored on the order, noted in its history and carried by
   * order.shipped. An age-restricted order to an age-verified destination ships only with an
   * age-verified delivery service; how an age-restricted order shipped is noted either way.
   */
  async markShipped(caller: Caller, id: string, tracking?: ShipmentTrackingInput | null): Promise<Order> {
    const actor = actorOf(caller);
    const carrier = optionalTrackingText(tracking?.carrier, 'Carrier', 60);
    const number = optionalTrackingText(tracking?.number, 'Tracking number', 100);
    const ageVerifiedDelivery = tracking?.ageVerifiedDelivery ?? null;
    if (ageVerifiedDelivery !== null && typeof ageVerifiedDelivery !== 'boolean')
      throw badInput('ageVerifiedDelivery must be true or false');
    const order = await this.find(this.db.manager, id);
    assertAllowed(actor, order, OrderState.Shipped);
    const country = order.destinationCountry ?? order.shippingAddress?.country ?? this.shop.country;
    await this.compliance.assertShippable({ ...order, country }, ageVerifiedDelivery === true);
    const delivery = order.ageRestricted
      ? ageVerifiedDelivery
        ? 'Age-verified delivery'
        : 'Standard delivery (no age-verified handover required)'
      : null;
    const note =
      [carrier && `Carrier: ${carrier}`, number && `Tracking number: ${number}`, delivery].filter(Boolean).join(', ') || undefined;
    return this.db.transaction(async (manager) => {
      // Written before the move so that its event carries them; a refused move rolls them back.
      if (carrier || number || ageVerifiedDelivery !== null || order.ageRestricted)
        await manager.getRepository(Order).update(
          { id: order.id },
          {
            trackingCarrier: carrier,
            trackingNumber: number,
            ageVerifiedDelivery: order.ageRestricted ? ageVerifiedDelivery === true : ageVerifiedDelivery,
          },
        );
      return moveOrder(manager, order.id, OrderState.Shipped, actor, { note });
    });
  }

  /**
   * The customer cancels their unpaid order; an admin cancels an unpaid one or refunds a paid,
   * unshipped one. Either way its units go back to stock and the row stays, with its history.
   * Provider calls come first, outside any transaction; the move then re-checks the state.
   */
  async cancelOrRefund(caller: Caller, id: string): Promise<Order> {
    const actor = actorOf(caller);
    const order = await this.find(this.db.manager, id);
    if ((actor.kind === OrderActorKind.admin || actor.kind === OrderActorKind.apiKey) && order.state === OrderState.Paid) {
      assertAllowed(actor, order, OrderState.Refunded);
      const intentId = order.paymentIntentId;
      if (intentId) await this.provider.refund(intentId);
      const note = intentId ? 'Deleted by an admin; the payment was refunded' : 'Deleted by an admin; no payment on record to refund';
      return this.db.transaction((manager) => moveOrder(manager, order.id, OrderState.Refunded, actor, { note }));
    }
    assertAllowed(actor, order, OrderState.Cancelled);
    if (!(await this.releasePayment(order))) throw conflict('This order is being paid');
    return this.db.transaction((manager) => moveOrder(manager, order.id, OrderState.Cancelled, actor));
  }

  /** The order's history, oldest first. Admin only. */
  async history(caller: Caller, id: string): Promise<OrderEvent[]> {
    requireAdmin(caller);
    const order = await this.find(this.db.manager, id);
    return this.db.getRepository(OrderEvent).find({ where: { orderId: order.id }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Expires unpaid orders older than the hold and returns their units, exactly once even when
   * several processes sweep at the same time: each order is moved under its row lock (rows another
   * sweeper holds are skipped), and the machine re-reads its state first. Answers the ids expired.
   */
  async expireOverdue(): Promise<string[]> {
    const overdue = await this.overdueOrders(this.db.manager).getMany();
    const expired: string[] = [];
    for (const order of overdue) {
      try {
        if (await this.expire(order)) expired.push(order.id);
      } catch (error) {
        // One order's provider error must not keep the others' units on hold; the next sweep tries it again.
        this.logger.error({ err: error, order: order.id }, 'could not expire an unpaid order');
      }
    }
    if (expired.length) this.logger.info({ orders: expired.length }, 'expired unpaid orders');
    return expired;
  }

  private async expire(order: Order): Promise<boolean> {
    // A customer paying right now keeps the order; its payment settles it.
    if (!(await this.releasePayment(order))) return false;
    return this.db.transaction(async (manager) => {
      const row = await this.overdueOrders(manager)
        .andWhere('order.id = :id', { id: order.id })
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getOne();
      if (!row) return false;
      await moveOrder(manager, row.id, OrderState.Expired, SYSTEM, { note: `Not paid within ${this.settings.unpaidHoldMinutes} minutes` });
      return true;
    });
  }

  private overdueOrders(manager: EntityManager) {
    return manager
      .getRepository(Order)
      .createQueryBuilder('order')
      .where('order.state = :state', { state: OrderState.AwaitingPayment })
      .andWhere(`order.createdAt < now() - make_interval(secs => :hold)`, { hold: this.settings.unpaidHoldMinutes * 60 })
      .orderBy('order.createdAt', 'ASC')
      .take(100);
  }

  /**
   * Before an unpaid order closes: cancels its intent at the provider unless money is taken or on
   * its way. Answers false when a payment is under way (the order must not close).
   */
  private async releasePayment(order: Order): Promise<boolean> {
    if (!order.paymentIntentId) return true;
    const intent = await this.provider.retrieveIntent(order.paymentIntentId);
    if (!intent || intent.status === 'canceled') return true;
    if (PAYING_STATUSES.includes(intent.status)) return false;
    return !PAYING_STATUSES.includes((await this.provider.cancelIntent(intent.id)).status);
  }

  private async find(manager: EntityManager, id: string): Promise<Order> {
    if (!isId(id)) throw notFound('Order');
    const order = await manager.getRepository(Order).findOneBy({ id });
    if (!order) throw notFound('Order');
    return order;
  }

  /** A page of orders (a customer's, or everyone's), each with its lines: one statement (rowsPage). */
  private async list(
    options: OrderListOptions = new OrderListOptions(),
    customerId: string | null,
  ): Promise<{ items: Order[]; totalItems: number }> {
    const page = checkPage(options);
    // The old status sorts as the state it is derived from.
    const sortBy = options.sortBy === OrderSortField.status ? OrderSortField.state : (options.sortBy ?? OrderSortField.createdAt);
    this.orderColumns ??= this.db.getMetadata(Order).columns.map((column) => `"${column.databaseName}"`);
    const { items, totalItems } = await rowsPage<Order & { lines: OrderLine[] }>(
      this.db,
      {
        // Each order's lines ride along as JSON.
        columns: [
          ...this.orderColumns,
          `(SELECT coalesce(json_agg(line ORDER BY line.position), '[]') FROM order_line line WHERE line."orderId" = "order".id) AS "lines"`,
        ],
        from: '"order"',
        where: (bind) => {
          const conditions: string[] = [];
          if (customerId) conditions.push(`"customerId" = ${bind(customerId)}`);
          if (options.state) conditions.push(`state = ${bind(options.state)}`);
          // status and paid are derived from state (see Order); these filters match the derivation.
          if (options.status) conditions.push(`"shippedAt" IS ${options.status === OrderStatus.Shipped ? 'NOT ' : ''}NULL`);
          if (options.paid != null)
            conditions.push(`state ${options.paid ? '' : 'NOT '}IN (${bind(OrderState.Paid)}, ${bind(OrderState.Shipped)})`);
          if (options.engraved != null)
            conditions.push(
              `${options.engraved ? '' : 'NOT '}EXISTS (SELECT 1 FROM order_line line WHERE line."orderId" = "order".id AND line."engravingText" IS NOT NULL)`,
            );
          if (options.search) {
            const pattern = bind(likePattern(options.search));
            conditions.push(`(name ILIKE ${pattern} OR email ILIKE ${pattern} OR "userName" ILIKE ${pattern})`);
          }
          return conditions;
        },
        orderBy: () => `"${ORDER_SORT_COLUMNS[sortBy]}" ${options.sortDirection === SortDirection.ASC ? 'ASC' : 'DESC'}, id ASC`,
      },
      page,
    );
    return {
      items: items.map((row) => Object.assign(new Order(), row, { lines: row.lines.map((line) => Object.assign(new OrderLine(), line)) })),
      totalItems,
    };
  }
}

/** The column each sort orders by (status sorts as state). */
const ORDER_SORT_COLUMNS: Record<Exclude<OrderSortField, OrderSortField.status>, string> = {
  createdAt: 'createdAt',
  totalPrice: 'totalAmount',
  quantity: 'quantity',
  state: 'state',
  name: 'name',
  email: 'email',
};

/**
 * Inserts an order's lines and answers them as written (generated columns included), in position
 * order: one statement in plain SQL (TypeORM's insert builder cost more than the statement).
 */
async function insertLines(manager: EntityManager, lines: PricedLine[], orderId: string): Promise<OrderLine[]> {
  const columns = ['orderId', ...Object.keys(lines[0])];
  const values = lines.flatMap((line) => [orderId, ...Object.values(line)]);
  const rows = lines.map((_, row) => `(${columns.map((_column, index) => `$${row * columns.length + index + 1}`).join(', ')})`);
  const returning = manager.connection.getMetadata(OrderLine).columns.map((column) => `"${column.databaseName}"`);
  const written: Partial<OrderLine>[] = await manager.query(
    `INSERT INTO "order_line" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES ${rows.join(', ')}
     RETURNING ${returning.join(', ')}`,
    values,
  );
  return written.map((row) => Object.assign(new OrderLine(), row)).sort((a, b) => a.position - b.position);
}

/** Most lines one order may have. */
export const MAX_ORDER_LINES = 20;

interface RequestedLine {
  productId: string;
  /** Required when the product has several variants. */
  variantId: string | null;
  /** The measure asked for, for a made-to-measure variant. */
  customValue: number | null;
  quantity: number;
  engraving: Engraving | null;
  /** How a refusal names the line: a one-line order keeps the original messages. */
  refuse: (message: string) => AppError;
}

/**
 * The lines asked for, from either form of the input, checked for shape before any database work:
 * ids, whole quantities of at least one, at most MAX_ORDER_LINES, one variant twice only with
 * different engravings or measures.
 */
function requestedLines(input: PlaceOrderInput): RequestedLine[] {
  const legacy = input.productId != null || input.variantId != null || input.quantity != null || input.engraving != null;
  if (input.lines != null && legacy) throw badInput('Give either lines or productId, quantity and engraving, not both');
  const raw: OrderLineInput[] = input.lines ?? [
    { productId: input.productId ?? '', variantId: input.variantId, quantity: input.quantity as number, engraving: input.engraving },
  ];
  if (!raw.length) throw badInput('An order needs at least one line');
  if (raw.length > MAX_ORDER_LINES) throw badInput(`An order may have at most ${MAX_ORDER_LINES} lines`);
  const seen = new Set<string>();
  return raw.map((line, index) => {
    const refuse = (message: string) => badInput(raw.length === 1 ? message : `Line ${index + 1}: ${message}`);
    const quantity = checkQuantity(line.quantity, refuse);
    const engraving = line.engraving && line.engraving.text !== '' ? line.engraving : null;
    const customValue = line.customValue ?? null;
    if (customValue !== null && !Number.isFinite(customValue)) throw refuse('A measure must be a number');
    const key = [
      line.productId,
      line.variantId ?? '',
      customValue ?? '',
      engraving ? `${engraving.text.normalize('NFC')}\u0000${engraving.font}` : '',
    ].join('\u0000');
    if (seen.has(key)) throw refuse('The same product appears on two lines with the same engraving; change the quantity of one instead');
    seen.add(key);
    return { productId: line.productId, variantId: line.variantId ?? null, customValue, quantity, engraving, refuse };
  });
}

/** What an idempotency key stands for: the lines as the order reads them, the phone and the address. */
function normalisedOrder(input: PlaceOrderInput) {
  const lines = requestedLines(input).map(({ productId, variantId, customValue, quantity, engraving }) => ({
    productId,
    variantId,
    customValue,
    quantity,
    engraving: engraving && { text: engraving.text, font: engraving.font },
  }));
  return {
    lines,
    phone: input.phone,
    address: input.address,
    shippingAddress: input.shippingAddress ?? null,
    shippingMethodId: input.shippingMethodId ?? null,
  };
}

/**
 * Takes `count` units of a variant if it has them and is enabled, and reads what an order takes from
 * it; undefined when it cannot. With `customerId`, the same statement first locks that customer's
 * row and answers whether their e-mail is verified (one round trip less for every buyer).
 */
async function takeUnits(
  manager: EntityManager,
  variantId: string,
  count: number,
  customerId: string | null,
): Promise<(TakenVariant & { emailVerified?: boolean }) | undefined> {
  // TypeORM answers an UPDATE as [rows, count].
  const [[row]]: [(TakenVariant & { emailVerified?: boolean })[], number] = customerId
    ? await manager.query(
        `WITH customer AS MATERIALIZED (SELECT "emailVerified" FROM "user" WHERE "id" = $3 FOR UPDATE)
         UPDATE "product_variant" SET "quantity" = "quantity" - $2
          WHERE "id" = $1 AND "quantity" >= $2 AND "enabled" AND EXISTS (SELECT 1 FROM customer)
         RETURNING "id", "sku", "priceAmount", "img", (SELECT "emailVerified" FROM customer) AS "emailVerified"`,
        [variantId, count, customerId],
      )
    : await manager.query(
        `UPDATE "product_variant" SET "quantity" = "quantity" - $2 WHERE "id" = $1 AND "quantity" >= $2 AND "enabled"
         RETURNING "id", "sku", "priceAmount", "img"`,
        [variantId, count],
      );
  return row;
}

/** What an order takes from a variant's product: its rules, its tax category and its words for the order. */
type OrderedProduct = Pick<
  Product,
  'id' | 'name' | 'img' | 'description' | 'minimumQuantity' | 'engravable' | 'engravingMaxLength' | 'engravingAmount' | 'taxCategory'
>;

/** The chosen variants' products, by id. */
const productsOf = (chosen: OfferedVariant[]) => new Map(chosen.map((variant) => [variant.productId, variant.product]));

/** A variant as an order chooses it: its stock, state, product and made-to-measure rule. */
interface OfferedVariant {
  id: string;
  productId: string;
  /** Its product is a bladed article (age checks and per-country rules apply), with its own minimum age or null. */
  productAgeRestricted: boolean;
  productMinimumAge: number | null;
  /** Its price in minor units, as read (an order takes the price again as it takes the units). */
  priceAmount: number;
  sku: string;
  img: string | null;
  productName: string;
  name: string;
  quantity: number;
  enabled: boolean;
  /** Its option values in group order; a custom one is replaced by the measure on the line. */
  options: { name: string; custom: boolean }[];
  /** `surcharge` in minor units. */
  custom: { group: string; min: number; max: number; unit: string; surcharge: number } | null;
  /** Its product's first option group (how a missing choice is named); null without options. */
  firstGroup: string | null;
  product: OrderedProduct;
}

/** What an order takes from a variant, read as it takes the units. */
interface TakenVariant {
  id: string;
  sku: string;
  priceAmount: number;
  img: string | null;
}

/** The units an order takes from each product, from its units per variant. */
function unitsByProduct(units: Map<string, number>, chosen: OfferedVariant[]): Map<string, number> {
  const byProduct = new Map<string, number>();
  for (const [variantId, count] of units) {
    const { productId } = chosen.find((variant) => variant.id === variantId)!;
    byProduct.set(productId, (byProduct.get(productId) ?? 0) + count);
  }
  return byProduct;
}

/**
 * Every variant of these products, each with what an order needs of its product: one statement.
 * One product is asked for by `=`: PostgreSQL then keeps one plan for the statement instead of
 * planning it again for each buyer, as it does for `= ANY` of an array of unknown length.
 */
function offeredVariants(db: EntityManager, productIds: string[]): Promise<OfferedVariant[]> {
  const single = productIds.length === 1;
  return db.query(
    `SELECT v."id", v."productId", v."priceAmount", v."sku", v."img", p."name" AS "productName", v."name", v."quantity", v."enabled",
            p."ageRestricted" AS "productAgeRestricted", p."minimumAge" AS "productMinimumAge",
            coalesce((SELECT json_agg(json_build_object('name', o."name", 'custom', o."custom") ORDER BY g."position")
                        FROM "product_variant_option" vo JOIN "product_option_value" o ON o."id" = vo."valueId"
                        JOIN "product_option_group" g ON g."id" = o."groupId" WHERE vo."variantId" = v."id"), '[]') AS "options",
            (SELECT json_build_object('group', g."name", 'min', g."customMin", 'max', g."customMax", 'unit', g."customUnit", 'surcharge', g."customSurchargeAmount")
               FROM "product_variant_option" vo JOIN "product_option_value" o ON o."id" = vo."valueId" AND o."custom"
               JOIN "product_option_group" g ON g."id" = o."groupId" WHERE vo."variantId" = v."id") AS "custom",
            (SELECT g."name" FROM "product_option_group" g WHERE g."productId" = v."productId" ORDER BY g."position" LIMIT 1) AS "firstGroup",
            json_build_object('id', p."id", 'name', p."name", 'img', p."img", 'description', p."description",
                              'minimumQuantity', p."minimumQuantity", 'engravable', p."engravable", 'engravingMaxLength', p."engravingMaxLength",
                              'engravingAmount', p."engravingAmount", 'taxCategory', p."taxCategory") AS "product"
       FROM "product_variant" v JOIN "product" p ON p."id" = v."productId"
      WHERE ${single ? 'v."productId" = $1' : 'v."productId" = ANY($1::uuid[])'}
      ORDER BY v."position", v."id"`,
    [single ? productIds[0] : productIds],
  );
}

/** Where an order ships: the structured address, or the older free text with the country it names. */
type Destination =
  { country: string; text: string; shippingAddress: null } | { country: string; text: null; shippingAddress: PostalAddress };

/** A chosen variant's product as the rules for age-restricted products see it. */
const productLine = (variant: OfferedVariant): ProductLine => ({
  productId: variant.productId,
  productName: variant.productName,
  ageRestricted: variant.productAgeRestricted,
  minimumAge: variant.productMinimumAge,
});

/** The history's note of an age-restricted order placed: the check it relied on and the destination's rule. */
function clearanceNote({ check, minimumAge, handover, country }: AgeClearance): string {
  const checked = new Date(check.createdAt).toISOString().slice(0, 16).replace('T', ' ');
  const how = handover === BladeHandover.ageVerified ? 'age-verified handover' : 'standard handover';
  return `Age check passed (${check.method}, ${check.ageBracket}, ${checked} UTC, ${check.providerReference}); ${countryName(country)}: ${minimumAge} or over, ${how}`;
}

/** "Engraved Santoku 18 cm / Walnut", or the product's name for its only variant. */
const describeVariant = (variant: Pick<OfferedVariant, 'productName' | 'name'>) => describe(variant.productName, variant.name);

/** The variant a line orders, checked: named (or the product's only one), enabled, and measured within bounds if made to measure. */
async function chooseVariant(db: EntityManager, line: RequestedLine, offered: OfferedVariant[]): Promise<OfferedVariant> {
  const ofProduct = offered.filter((variant) => variant.productId === line.productId);
  if (!ofProduct.length && !(await db.getRepository(Product).existsBy({ id: line.productId }))) throw notFound('Product');
  // Variants retired for their orders lost their options; without options, the product's own one has no name.
  const live = ofProduct.filter((candidate) => (candidate.firstGroup === null ? candidate.name === '' : candidate.options.length > 0));
  const variant = line.variantId ? ofProduct.find((candidate) => candidate.id === line.variantId) : live.length === 1 ? live[0] : undefined;
  if (!variant) {
    if (line.variantId || !ofProduct.length) throw notFound('Variant');
    throw line.refuse(`Choose a ${(ofProduct[0].firstGroup ?? 'variant').toLowerCase()} for ${ofProduct[0].productName}`);
  }
  if (!variant.enabled) throw line.refuse(`${describeVariant(variant)} is not available`);
  const { custom } = variant;
  if (custom) {
    const value = line.customValue;
    if (value === null || value < custom.min || value > custom.max) throw line.refuse(measureOutOfBounds(custom, variant.productName));
  } else if (line.customValue !== null) throw line.refuse(`${describeVariant(variant)} is not made to measure`);
  return variant;
}

/** Units asked for per variant, over every line. */
function unitsByVariant(lines: RequestedLine[], chosen: OfferedVariant[]): Map<string, number> {
  const units = new Map<string, number>();
  lines.forEach((line, index) => units.set(chosen[index].id, (units.get(chosen[index].id) ?? 0) + line.quantity));
  return units;
}

/** Not enough of a variant left for the lines that want it; a one-line order keeps the original message. */
function shortage(lines: RequestedLine[], variant: Pick<OfferedVariant, 'productName' | 'name' | 'quantity'>): AppError {
  if (lines.length === 1) return badInput(SHORTAGE);
  const name = describeVariant(variant);
  return badInput(variant.quantity > 0 ? `Only ${variant.quantity} left of ${name}` : `${name} is sold out`);
}

/** Each line checked against its product's rules and priced from the database. */
type PricedLine = Omit<OrderLine, 'id' | 'orderId' | 'order' | 'product' | 'variant' | 'engraving'>;

function priceLines(
  lines: RequestedLine[],
  chosen: OfferedVariant[],
  taken: Map<string, TakenVariant>,
  products: Map<string, OrderedProduct>,
  currency: string,
): PricedLine[] {
  return lines.map((line, position) => {
    const variant = chosen[position];
    const { priceAmount, sku, img } = taken.get(variant.id)!;
    const product = products.get(variant.productId)!;
    const named = (message: string) => (lines.length === 1 ? badInput(message) : badInput(`${product.name}: ${message}`));
    if (line.quantity < product.minimumQuantity) throw named(MINIMUM_QUANTITY);
    let engraving: Engraving | null;
    try {
      engraving = checkEngraving(product, line.engraving);
    } catch (error) {
      throw error instanceof AppError ? named(error.message) : error;
    }
    const surcharge = engravingSurcharge(product, engraving);
    const unitAmount = priceAmount + (variant.custom?.surcharge ?? 0);
    const lineAmount = line.quantity * (unitAmount + surcharge);
    if (lineAmount > MAX_INT) throw badInput('The order total is too large; please order fewer units');
    const measured = variant.custom ? `${line.customValue} ${variant.custom.unit}` : null;
    return {
      position,
      productId: product.id,
      variantId: variant.id,
      variantName: variant.options.length ? variant.options.map((option) => (option.custom ? measured! : option.name)).join(' / ') : null,
      sku,
      customValue: variant.custom ? line.customValue : null,
      name: product.name,
      img: img ?? product.img,
      quantity: line.quantity,
      currency,
      unitAmount,
      engravingText: engraving?.text ?? null,
      engravingFont: engraving?.font ?? null,
      engravingUnitAmount: engraving ? surcharge : null,
      lineAmount,
      // The destination's rate is set by the quote (ShippingService.quote) once every line is priced.
      taxRateBasisPoints: 0,
      taxAmount: 0,
    };
  });
}

function checkQuantity(value: unknown, refuse: (message: string) => AppError): number {
  if (value === undefined || value === null || value === '') throw refuse(EMPTY_QUANTITY);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw refuse('Quantity must be a whole number');
  // More than any stock column can hold is a shortage, whatever the product.
  if (value > MAX_INT) throw refuse(SHORTAGE);
  if (value < 1) throw refuse(MINIMUM_QUANTITY);
  return value;
}
