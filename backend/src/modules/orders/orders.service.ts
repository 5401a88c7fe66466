import { Brackets, DataSource, EntityManager } from 'typeorm';
import { badInput, forbidden, notFound } from '../../common/errors';
import { checkPage, likePattern, SortDirection } from '../../common/list';
import { isId, normalizeEmail, requireText } from '../../common/validate';
import { Caller, isAdmin, requireAdmin, requireUser } from '../auth/caller';
import { checkEngraving, engravingSurcharge } from '../catalog/engraving';
import { Product } from '../catalog/product.entity';
import { User } from '../users/user.entity';
import { Order, OrderStatus } from './order.entity';
import { OrderListOptions, OrderSortField, PlaceOrderInput } from './order.inputs';
import { authorizeTransition } from './order-transitions';

const SHORTAGE = 'Product cannot be purchased for product shortage';
/** The largest value an `int` column and a GraphQL Int can hold. */
const MAX_INT = 2_147_483_647;

export class OrdersService {
  constructor(private readonly db: DataSource) {}

  /**
   * Takes the stock with a conditional update in the same transaction as the order, so
   * concurrent buyers can never oversell. Price and total come from the database.
   */
  async place(caller: Caller, input: PlaceOrderInput): Promise<Order> {
    const user = requireUser(caller);
    const quantity = checkQuantity(input.quantity);
    const phone = requireText(input.phone, 'Phone is Required', 40);
    const address = requireText(input.address, 'Address is Required', 500);
    if (!isId(input.productId)) throw notFound('Product');

    return this.db.transaction(async (manager) => {
      const product = await manager.getRepository(Product).findOneBy({ id: input.productId });
      if (!product) throw notFound('Product');
      if (quantity > product.quantity) throw badInput(SHORTAGE);
      if (quantity < product.minimumQuantity) throw badInput('Minimum Quantity Required');
      const engraving = checkEngraving(product, input.engraving);
      const unitPrice = product.price + engravingSurcharge(product, engraving);
      if (quantity * unitPrice > MAX_INT) throw badInput('The order total is too large; please order fewer units');
      const taken = await manager
        .createQueryBuilder()
        .update(Product)
        .set({ quantity: () => 'quantity - :quantity' })
        .where('id = :id AND quantity >= :quantity', { id: product.id, quantity })
        .execute();
      if (!taken.affected) throw badInput(SHORTAGE);

      return manager.getRepository(Order).save(
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
          status: OrderStatus.Pending,
          paid: false,
          transactionId: null,
        }),
      );
    });
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

  async markShipped(caller: Caller, id: string): Promise<Order> {
    return this.db.transaction(async (manager) => {
      const order = await this.find(manager, id, true);
      authorizeTransition(caller, order, 'ship');
      order.status = OrderStatus.Shipped;
      return manager.getRepository(Order).save(order);
    });
  }

  /** The customer cancels an unpaid order, or an admin deletes any; unshipped units go back in stock. */
  async delete(caller: Caller, id: string): Promise<string> {
    return this.db.transaction(async (manager) => {
      const order = await this.find(manager, id, true);
      authorizeTransition(caller, order, isAdmin(caller) ? 'delete' : 'cancel');
      await manager.getRepository(Order).delete({ id: order.id });
      if (order.status !== OrderStatus.Shipped && order.productId) {
        await manager
          .createQueryBuilder()
          .update(Product)
          // Capped so that a deletion never fails on stock the column cannot hold.
          .set({ quantity: () => 'LEAST(quantity::bigint + :quantity, :max)' })
          .where('id = :id', { id: order.productId, quantity: order.quantity, max: MAX_INT })
          .execute();
      }
      return order.id;
    });
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<Order> {
    if (!isId(id)) throw notFound('Order');
    const order = await manager.getRepository(Order).findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!order) throw notFound('Order');
    return order;
  }

  private async list(options: OrderListOptions = new OrderListOptions(), customerId: string | null): Promise<{ items: Order[]; totalItems: number }> {
    const { skip, take } = checkPage(options);
    const query = this.db.getRepository(Order).createQueryBuilder('order');
    if (customerId) query.andWhere('order.customerId = :customerId', { customerId });
    if (options.search) {
      const pattern = likePattern(options.search);
      query.andWhere(
        new Brackets((where) =>
          where
            .where('order.name ILIKE :pattern', { pattern })
            .orWhere('order.email ILIKE :pattern', { pattern })
            .orWhere('order.userName ILIKE :pattern', { pattern }),
        ),
      );
    }
    if (options.status) query.andWhere('order.status = :status', { status: options.status });
    if (options.paid != null) query.andWhere('order.paid = :paid', { paid: options.paid });
    if (options.engraved != null) query.andWhere(options.engraved ? 'order.engravingText IS NOT NULL' : 'order.engravingText IS NULL');
    const [items, totalItems] = await query
      .orderBy(`order.${options.sortBy ?? OrderSortField.createdAt}`, options.sortDirection ?? SortDirection.DESC)
      .addOrderBy('order.id')
      .skip(skip)
      .take(take)
      .getManyAndCount();
    return { items, totalItems };
  }
}

function checkQuantity(value: unknown): number {
  if (value === undefined || value === null || value === '') throw badInput('Empty Quantity');
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badInput('Quantity must be a whole number');
  return value;
}
