import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict, forbidden, notFound } from '../../common/errors';
import { pageOf, SortDirection } from '../../common/list';
import { metrics } from '../../common/metrics';
import { isId, normalizeEmail, requirePhone, requireText } from '../../common/validate';
import type { RateLimits } from '../../common/rate-limits';
import { type Caller, isAdmin, requireAdmin, requireUser } from '../auth/caller';
import { checkEngraving, engravingSurcharge } from '../catalog/engraving';
import { Product } from '../catalog/product.entity';
import { PAYING_STATUSES, type PaymentProvider } from '../payments/payment-provider';
import { User } from '../users/user.entity';
import { OrderActorKind, OrderEvent } from './order-event.entity';
import { Order, OrderState, OrderStatus } from './order.entity';
import { OrderListOptions, OrderSortField, type PlaceOrderInput } from './order.inputs';
import { actorOf, assertAllowed, moveOrder, recordPlaced, SYSTEM } from './order-state-machine';

export interface OrderSettings {
  /** How long an unpaid order holds its units. */
  unpaidHoldMinutes: number;
  /** How many unpaid orders one customer may hold at once. */
  maxUnpaidOrders: number;
}

const SHORTAGE = 'Product cannot be purchased for product shortage';
/** The largest value an `int` column and a GraphQL Int can hold. */
const MAX_INT = 2_147_483_647;

export class OrdersService {
  constructor(
    private readonly db: DataSource,
    private readonly provider: PaymentProvider,
    private readonly settings: OrderSettings,
    private readonly logger: Logger,
    private readonly limits: RateLimits,
  ) {}

  /**
   * Takes the stock with a conditional update in the same transaction as the order, so
   * concurrent buyers can never oversell. Price and total come from the database.
   */
  async place(caller: Caller, input: PlaceOrderInput): Promise<Order> {
    const user = requireUser(caller);
    await this.limits.consume('placeOrder', user.id);
    const quantity = checkQuantity(input.quantity);
    const phone = requirePhone(input.phone);
    const address = requireText(input.address, 'Address is Required', 500);
    if (!isId(input.productId)) throw notFound('Product');
    // Once stock is gone, a rush of buyers is answered by one cheap read each, not a transaction.
    const stock = await this.db.getRepository(Product).findOne({ select: { quantity: true }, where: { id: input.productId } });
    if (!stock) throw notFound('Product');
    if (stock.quantity < quantity) throw badInput(SHORTAGE);

    const order = await this.db.transaction(async (manager) => {
      await this.checkUnpaidLimit(manager, user);
      // One statement takes the units and reads the product; a rule that fails afterwards rolls
      // the take back with the transaction.
      const { raw } = await manager
        .createQueryBuilder()
        .update(Product)
        .set({ quantity: () => 'quantity - :quantity' })
        .where('id = :id AND quantity >= :quantity', { id: input.productId, quantity })
        .returning('*')
        .execute();
      const taken = (raw as Partial<Product>[])[0];
      if (!taken) {
        const exists = await manager.getRepository(Product).existsBy({ id: input.productId });
        throw exists ? badInput(SHORTAGE) : notFound('Product');
      }
      // The product as the customer saw it, before this order took its units.
      const product = manager.getRepository(Product).create({ ...taken, quantity: taken.quantity! + quantity });
      if (quantity < product.minimumQuantity) throw badInput('Minimum Quantity Required');
      const engraving = checkEngraving(product, input.engraving);
      const unitPrice = product.price + engravingSurcharge(product, engraving);
      if (quantity * unitPrice > MAX_INT) throw badInput('The order total is too large; please order fewer units');

      const order = await manager.getRepository(Order).save(
        manager.getRepository(Order).create({
          userName: user.name,
          email: user.email,
          customerId: user.id,
          phone,
          address,
          productId: product.id,
          name: product.name,
          description: product.description,
          img: product.img,
          price: product.price,
          minimumQuantity: product.minimumQuantity,
          quantity,
          totalPrice: quantity * unitPrice,
          engravingText: engraving?.text ?? null,
          engravingFont: engraving?.font ?? null,
          engravingUnitPrice: engraving ? engravingSurcharge(product, engraving) : null,
          transactionId: null,
        }),
      );
      await recordPlaced(manager, order, actorOf(caller));
      return order;
    });
    metrics.ordersPlaced.inc();
    return order;
  }

  /** Serialised per customer by locking their row, so concurrent orders cannot pass the limit together. */
  private async checkUnpaidLimit(manager: EntityManager, user: User): Promise<void> {
    // The count needs a snapshot taken after the lock is granted: two statements, not one.
    await manager.getRepository(User).findOne({ where: { id: user.id }, lock: { mode: 'pessimistic_write' } });
    const unpaid = await manager.getRepository(Order).countBy({ customerId: user.id, state: OrderState.AwaitingPayment });
    if (unpaid >= this.settings.maxUnpaidOrders) {
      throw badInput(`You already have ${unpaid} unpaid orders: pay for or cancel one before placing another`);
    }
  }

  /** One order, for its customer or an admin. */
  async get(caller: Caller, id: string): Promise<Order> {
    const user = requireUser(caller);
    const order = await this.find(this.db.manager, id);
    if (order.customerId !== user.id && !isAdmin(caller)) throw forbidden('This is not your order');
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

  markShipped(caller: Caller, id: string): Promise<Order> {
    const actor = actorOf(caller);
    return this.db.transaction((manager) => moveOrder(manager, id, OrderState.Shipped, actor));
  }

  /**
   * The customer cancels their unpaid order; an admin cancels an unpaid one or refunds a paid,
   * unshipped one. Either way its units go back to stock and the row stays, with its history.
   * Provider calls come first, outside any transaction; the move then re-checks the state.
   */
  async delete(caller: Caller, id: string): Promise<Order> {
    const actor = actorOf(caller);
    const order = await this.find(this.db.manager, id);
    if (actor.kind === OrderActorKind.admin && order.state === OrderState.Paid) {
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
      // A customer paying right now keeps the order; its payment settles it.
      if (!(await this.releasePayment(order))) continue;
      const moved = await this.db.transaction(async (manager) => {
        const row = await this.overdueOrders(manager)
          .andWhere('order.id = :id', { id: order.id })
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getOne();
        if (!row) return false;
        await moveOrder(manager, row.id, OrderState.Expired, SYSTEM, {
          note: `Not paid within ${this.settings.unpaidHoldMinutes} minutes`,
        });
        return true;
      });
      if (moved) expired.push(order.id);
    }
    if (expired.length) this.logger.info({ orders: expired.length }, 'expired unpaid orders');
    return expired;
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

  private async list(
    options: OrderListOptions = new OrderListOptions(),
    customerId: string | null,
  ): Promise<{ items: Order[]; totalItems: number }> {
    const query = this.db.getRepository(Order).createQueryBuilder('order');
    if (customerId) query.andWhere('order.customerId = :customerId', { customerId });
    if (options.state) query.andWhere('order.state = :state', { state: options.state });
    // status and paid are derived from state (see Order); these filters match the derivation.
    if (options.status) query.andWhere(options.status === OrderStatus.Shipped ? 'order.shippedAt IS NOT NULL' : 'order.shippedAt IS NULL');
    if (options.paid != null)
      query.andWhere(`order.state ${options.paid ? '' : 'NOT '}IN (:...paidStates)`, { paidStates: [OrderState.Paid, OrderState.Shipped] });
    if (options.engraved != null) query.andWhere(options.engraved ? 'order.engravingText IS NOT NULL' : 'order.engravingText IS NULL');
    // The old status sorts as the state it is derived from.
    const sortBy = options.sortBy === OrderSortField.status ? OrderSortField.state : options.sortBy;
    return pageOf(
      query,
      { ...options, sortBy },
      {
        searchColumns: ['name', 'email', 'userName'],
        defaultSort: OrderSortField.createdAt,
        defaultDirection: SortDirection.DESC,
      },
    );
  }
}

function checkQuantity(value: unknown): number {
  if (value === undefined || value === null || value === '') throw badInput('Empty Quantity');
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badInput('Quantity must be a whole number');
  // More than any stock column can hold is a shortage, whatever the product.
  if (value > MAX_INT) throw badInput(SHORTAGE);
  return value;
}
