import { EMPTY_QUANTITY, MINIMUM_QUANTITY, SHORTAGE } from '@keen/rules';
import type { Logger } from 'pino';
import { type DataSource, type EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AppError, badInput, conflict, forbidden, notFound } from '../../common/errors';
import { checkPage, likePattern, rowsPage, SortDirection } from '../../common/list';
import { metrics } from '../../common/metrics';
import { raise } from '../../events/outbox';
import { isId, normalizeEmail, requirePhone, requireText } from '../../common/validate';
import type { RateLimits } from '../../common/rate-limits';
import { type Caller, isAdmin, requireAdmin, requireUser } from '../auth/caller';
import { checkEngraving, type Engraving, engravingSurcharge } from '../catalog/engraving';
import { Product } from '../catalog/product.entity';
import { PAYING_STATUSES, type PaymentProvider } from './payment-provider';
import { User } from '../users/user.entity';
import { OrderActorKind, OrderEvent } from './order-event.entity';
import { orderPayload } from './order-events';
import { Order, OrderState, OrderStatus } from './order.entity';
import { OrderLine } from './order-line.entity';
import { OrderListOptions, OrderSortField, type PlaceOrderInput, type ShipmentTrackingInput } from './order.inputs';
import { actorOf, assertAllowed, moveOrder, recordPlaced, SYSTEM } from './order-state-machine';

export interface OrderSettings {
  /** How long an unpaid order holds its units. */
  unpaidHoldMinutes: number;
  /** How many unpaid orders one customer may hold at once. */
  maxUnpaidOrders: number;
  /** The same, until the customer's e-mail is verified. */
  maxUnpaidOrdersUnverified: number;
  /** Units of one product a customer's unpaid orders may hold together, so nobody can hoard stock. */
  maxHeldUnitsPerProduct: number;
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
  constructor(
    private readonly db: DataSource,
    private readonly provider: PaymentProvider,
    private readonly settings: OrderSettings,
    private readonly logger: Logger,
    private readonly limits: RateLimits,
  ) {}

  /** An order's columns, quoted, from its entity (read once). */
  private orderColumns: string[] | undefined;

  /**
   * Takes every line's units with conditional updates in the same transaction as the order, so
   * concurrent buyers can never oversell; products are taken in id order, so two carts that share
   * products wait for each other instead of deadlocking. Prices and totals come from the database.
   * All or nothing: a refused line refuses the order and names the line.
   */
  async place(caller: Caller<User>, input: PlaceOrderInput): Promise<Order> {
    const user = requireUser(caller);
    await this.limits.consume('placeOrder', user.id);
    const wanted = requestedLines(input);
    const phone = requirePhone(input.phone);
    const address = requireText(input.address, 'Address is Required', 500);
    if (!wanted.every((line) => isId(line.productId))) throw notFound('Product');
    const units = unitsByProduct(wanted);
    const productIds = [...units.keys()].sort();
    // Once stock is gone, a rush of buyers is answered by one cheap read each, not a transaction.
    const stocks = (await this.db.query('SELECT id, name, quantity FROM product WHERE id = ANY($1::uuid[])', [productIds])) as Pick<
      Product,
      'id' | 'name' | 'quantity'
    >[];
    const names = new Map(stocks.map((p) => [p.id, p.name]));
    for (const [id, count] of units) {
      const stock = stocks.find((p) => p.id === id);
      if (!stock) throw notFound('Product');
      if (stock.quantity < count) throw shortage(wanted, stock);
    }

    const order = await this.db.transaction(async (manager) => {
      await this.checkUnpaidLimit(manager, user, units, names);
      // One statement per product takes its units and reads it; a rule that fails afterwards rolls
      // every take back with the transaction.
      const products = new Map<string, Product>();
      for (const id of productIds) {
        const count = units.get(id)!;
        const { raw } = await manager
          .createQueryBuilder()
          .update(Product)
          .set({ quantity: () => 'quantity - :count' })
          .where('id = :id AND quantity >= :count', { id, count })
          .returning('*')
          .execute();
        const taken = (raw as Partial<Product>[])[0];
        if (!taken) {
          const left = await manager.getRepository(Product).findOne({ select: { id: true, name: true, quantity: true }, where: { id } });
          throw left ? shortage(wanted, left) : notFound('Product');
        }
        // The product as the customer saw it, before this order took its units.
        products.set(id, manager.getRepository(Product).create({ ...taken, quantity: taken.quantity! + count }));
      }

      const lines = priceLines(wanted, products);
      const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
      if (total > MAX_INT) throw badInput('The order total is too large; please order fewer units');
      const first = lines[0];
      const firstProduct = products.get(first.productId!)!;
      // Inserts that answer the written rows: TypeORM's save() would also diff and reload the entities.
      const [order] = await insertReturning(manager, Order, [
        {
          userName: user.name,
          email: user.email,
          customerId: user.id,
          phone,
          address,
          productId: first.productId,
          name: first.name,
          description: firstProduct.description,
          img: first.img,
          price: first.unitPrice,
          minimumQuantity: firstProduct.minimumQuantity,
          quantity: first.quantity,
          totalPrice: total,
          engravingText: first.engravingText,
          engravingFont: first.engravingFont,
          engravingUnitPrice: first.engravingUnitPrice,
          transactionId: null,
        },
      ]);
      order.lines = await insertReturning(
        manager,
        OrderLine,
        lines.map((line) => ({ ...line, orderId: order.id })),
      );
      await recordPlaced(manager, order, actorOf(caller));
      const holdEndsAt = new Date(order.createdAt.getTime() + this.settings.unpaidHoldMinutes * 60_000);
      await raise(manager, 'order.placed', order.id, orderPayload(order, { holdEndsAt }));
      return order;
    });
    metrics.ordersPlaced.inc();
    return order;
  }

  /**
   * Serialised per customer by locking their row, so concurrent orders cannot pass the limits
   * together: the number of unpaid orders (fewer for an account whose e-mail is not verified) and
   * the units of each product they hold, over every line of their unpaid orders.
   */
  private async checkUnpaidLimit(
    manager: EntityManager,
    user: User,
    units: Map<string, number>,
    names: Map<string, string>,
  ): Promise<void> {
    // The counts need a snapshot taken after the lock is granted: separate statements.
    const [locked] = (await manager.query('SELECT "emailVerified" FROM "user" WHERE id = $1 FOR UPDATE', [user.id])) as Pick<
      User,
      'emailVerified'
    >[];
    const [{ orders, held }]: { orders: number; held: Record<string, number> | null }[] = await manager.query(
      `SELECT (SELECT count(*) FROM "order" WHERE "customerId" = $1 AND "state" = $2)::int AS orders,
              (SELECT json_object_agg(h."productId", h.units) FROM (
                 SELECT l."productId", sum(l."quantity")::int AS units
                   FROM "order_line" l JOIN "order" o ON o."id" = l."orderId"
                  WHERE o."customerId" = $1 AND o."state" = $2 AND l."productId" = ANY($3::uuid[])
                  GROUP BY l."productId") h) AS held`,
      [user.id, OrderState.AwaitingPayment, [...units.keys()]],
    );
    const unverifiedLimit = this.settings.maxUnpaidOrdersUnverified;
    if (!locked.emailVerified && orders >= unverifiedLimit) {
      throw badInput(
        unverifiedLimit === 1
          ? 'Verify your e-mail address to hold more than one unpaid order; pay for or cancel your order first'
          : `Verify your e-mail address to hold more than ${unverifiedLimit} unpaid orders; pay for or cancel one first`,
      );
    }
    if (orders >= this.settings.maxUnpaidOrders) {
      throw badInput(`You already have ${orders} unpaid orders: pay for or cancel one before placing another`);
    }
    const limit = this.settings.maxHeldUnitsPerProduct;
    for (const [productId, quantity] of units) {
      const already = held?.[productId] ?? 0;
      if (already + quantity <= limit) continue;
      const name = names.get(productId) ?? 'this product';
      throw badInput(
        already > 0
          ? `You already hold ${already} unpaid units of ${name}; pay for or cancel an order first`
          : `An order may hold at most ${limit} units of ${name} until it is paid`,
      );
    }
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

  /** The tracking (both parts optional) is stored on the order, noted in its history and carried by order.shipped. */
  markShipped(caller: Caller, id: string, tracking?: ShipmentTrackingInput | null): Promise<Order> {
    const actor = actorOf(caller);
    const carrier = optionalTrackingText(tracking?.carrier, 'Carrier', 60);
    const number = optionalTrackingText(tracking?.number, 'Tracking number', 100);
    const note = [carrier && `Carrier: ${carrier}`, number && `Tracking number: ${number}`].filter(Boolean).join(', ') || undefined;
    return this.db.transaction(async (manager) => {
      // Written before the move so that its event carries them; a refused move rolls them back.
      if (isId(id) && (carrier || number))
        await manager.getRepository(Order).update({ id }, { trackingCarrier: carrier, trackingNumber: number });
      return moveOrder(manager, id, OrderState.Shipped, actor, { note });
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
  totalPrice: 'totalPrice',
  quantity: 'quantity',
  state: 'state',
  name: 'name',
  email: 'email',
};

/** Inserts rows of an entity and answers them as written (generated columns included), in the order given. */
async function insertReturning<E extends Order | OrderLine>(
  manager: EntityManager,
  entity: new () => E,
  values: QueryDeepPartialEntity<E>[],
): Promise<E[]> {
  const { raw } = await manager.createQueryBuilder().insert().into(entity).values(values).returning('*').updateEntity(false).execute();
  return (raw as Partial<E>[]).map((row) => Object.assign(new entity(), row));
}

/** Most lines one order may have. */
export const MAX_ORDER_LINES = 20;

interface RequestedLine {
  productId: string;
  quantity: number;
  engraving: Engraving | null;
  /** How a refusal names the line: a one-line order keeps the original messages. */
  refuse: (message: string) => AppError;
}

/**
 * The lines asked for, from either form of the input, checked for shape before any database work:
 * ids, whole quantities of at least one, at most MAX_ORDER_LINES, one product twice only with
 * different engravings.
 */
function requestedLines(input: PlaceOrderInput): RequestedLine[] {
  const legacy = input.productId != null || input.quantity != null || input.engraving != null;
  if (input.lines != null && legacy) throw badInput('Give either lines or productId, quantity and engraving, not both');
  const raw = input.lines ?? [{ productId: input.productId ?? '', quantity: input.quantity as number, engraving: input.engraving }];
  if (!raw.length) throw badInput('An order needs at least one line');
  if (raw.length > MAX_ORDER_LINES) throw badInput(`An order may have at most ${MAX_ORDER_LINES} lines`);
  const seen = new Set<string>();
  return raw.map((line, index) => {
    const refuse = (message: string) => badInput(raw.length === 1 ? message : `Line ${index + 1}: ${message}`);
    const quantity = checkQuantity(line.quantity, refuse);
    const engraving = line.engraving && line.engraving.text !== '' ? line.engraving : null;
    const key = `${line.productId}\u0000${engraving ? `${engraving.text.normalize('NFC')}\u0000${engraving.font}` : ''}`;
    if (seen.has(key)) throw refuse('The same product appears on two lines with the same engraving; change the quantity of one instead');
    seen.add(key);
    return { productId: line.productId, quantity, engraving, refuse };
  });
}

/** Units asked for per product, over every line. */
function unitsByProduct(lines: RequestedLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

/** Not enough of `product` left for the lines that want it; a one-line order keeps the original message. */
function shortage(lines: RequestedLine[], product: Pick<Product, 'id' | 'name' | 'quantity'>): AppError {
  if (lines.length === 1) return badInput(SHORTAGE);
  return badInput(product.quantity > 0 ? `Only ${product.quantity} left of ${product.name}` : `${product.name} is sold out`);
}

/** Each line checked against its product's rules and priced from the database. */
type PricedLine = Omit<OrderLine, 'id' | 'orderId' | 'order' | 'product' | 'engraving'>;

function priceLines(lines: RequestedLine[], products: Map<string, Product>): PricedLine[] {
  return lines.map((line, position) => {
    const product = products.get(line.productId)!;
    const named = (message: string) => (lines.length === 1 ? badInput(message) : badInput(`${product.name}: ${message}`));
    if (line.quantity < product.minimumQuantity) throw named(MINIMUM_QUANTITY);
    let engraving: Engraving | null;
    try {
      engraving = checkEngraving(product, line.engraving);
    } catch (error) {
      throw error instanceof AppError ? named(error.message) : error;
    }
    const surcharge = engravingSurcharge(product, engraving);
    const lineTotal = line.quantity * (product.price + surcharge);
    if (lineTotal > MAX_INT) throw badInput('The order total is too large; please order fewer units');
    return {
      position,
      productId: product.id,
      name: product.name,
      img: product.img,
      quantity: line.quantity,
      unitPrice: product.price,
      engravingText: engraving?.text ?? null,
      engravingFont: engraving?.font ?? null,
      engravingUnitPrice: engraving ? surcharge : null,
      lineTotal,
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
