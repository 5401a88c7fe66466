import type { Request, Router } from 'express';
import { badInput } from '../../common/errors';
import { JsonBody } from '../../http-kit/body';
import type { Handlers } from '../../http-kit/handle';
import { queryValue, requireQuery, restList } from '../../http-kit/query';
import { requireAdmin, requireUser } from '../auth/caller';
import type { Engraving } from '../catalog/engraving';
import type { RestContextOf } from '../auth/request-context';
import type { User } from '../users/user.entity';
import type { OrdersService } from './orders.service';
import { type Order, OrderStatus } from './order.entity';
import type { OrderLine } from './order-line.entity';
import type { PlaceOrderInput } from './order.inputs';

type RestContext = RestContextOf<{ orders: OrdersService }, User>;

/** One line of an order, as REST answers it. */
const restLine = (l: OrderLine) => ({
  productCode: l.productId,
  name: l.name,
  img: l.img,
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  engraving: l.engraving,
  lineTotal: l.lineTotal,
});

/**
 * An order as the old client reads it (SPEC §3): `_id` instead of `id`, the first line's product
 * fields flat (its id as `productCode`), the order's `totalPrice`, and every line in `lines`
 * (which must be loaded).
 */
const restOrder = (o: Order) => ({
  _id: o.id,
  userName: o.userName,
  phone: o.phone,
  address: o.address,
  name: o.name,
  email: o.email,
  description: o.description,
  price: o.price,
  totalPrice: o.totalPrice,
  quantity: o.quantity,
  minimumQuantity: o.minimumQuantity,
  img: o.img,
  status: o.status,
  paid: o.paid,
  state: o.state,
  transactionId: o.transactionId,
  productCode: o.productId,
  engraving: o.engraving,
  lines: (o.lines ?? []).map(restLine),
});

/** The purchase form's body; the old client named the product `productCode`. */
function placeOrderInput(req: Request): PlaceOrderInput {
  const body = JsonBody.of(req.body);
  return {
    productId: body.optionalText('productId') ?? body.text('productCode'),
    quantity: body.wholeNumber('quantity'),
    phone: body.text('phone'),
    address: body.text('address'),
    engraving: engravingInput(body),
  };
}

/** An engraving with absent or empty text is no engraving (checkEngraving's rule). */
function engravingInput(body: JsonBody): Engraving | null {
  const engraving = body.object('engraving', 'an object with text and font');
  return engraving ? { text: engraving.text('text'), font: engraving.text('font') } : null;
}

/**
 * SPEC §7 order calls (PATCH /orders/{id} is the payments module's). Prices, totals, status and
 * payment fields in a body are ignored: the service sets them.
 */
export function registerOrdersRoutes(router: Router, { handle }: Handlers<RestContext>): void {
  router.get(
    '/orders',
    handle(async (req, res, { caller, services }) => {
      // The caller first: anonymous is 401 (and a customer asking for every order 403) before a bad page's 400.
      requireUser(caller);
      const email = queryValue(req, 'email');
      if (email === undefined) requireAdmin(caller);
      const orders = await restList(req, res, (page) =>
        email === undefined
          ? services.orders.listAll(caller, Object.assign({}, page))
          : services.orders.listByEmail(caller, email, Object.assign({}, page)),
      );
      return (await services.orders.withLines(orders)).map(restOrder);
    }),
  );

  router.get(
    '/orders/:id',
    handle(async (req, _res, { caller, services }) => {
      const [order] = await services.orders.withLines([await services.orders.get(caller, String(req.params.id))]);
      return restOrder(order);
    }),
  );

  router.post(
    '/orders',
    handle(async (req, _res, { caller, services }) => {
      requireUser(caller);
      const order = await services.orders.place(caller, placeOrderInput(req));
      return { ...restOrder(order), insertedId: order.id, message: 'Order Placed' };
    }),
  );

  router.put(
    '/orders',
    handle(async (req, _res, { caller, services }) => {
      requireUser(caller);
      const id = requireQuery(req, 'id');
      if (JsonBody.of(req.body).optionalText('status') !== OrderStatus.Shipped) throw badInput("Only status 'Shipped' can be set");
      return { ...restOrder(await services.orders.markShipped(caller, id)), message: 'Status is updated' };
    }),
  );

  router.delete(
    '/orders',
    handle(async (req, _res, { caller, services }) => {
      requireUser(caller);
      await services.orders.cancelOrRefund(caller, requireQuery(req, 'id'));
      return { deletedCount: 1 };
    }),
  );
}
