import type { Router } from 'express';
import { badInput } from '../../common/errors';
import { handle } from '../../common/rest';
import { bodyOf, queryValue, requireQuery, restList, restOrder } from '../../common/rest-shapes';
import type { Services } from '../../services';
import { OrderStatus } from './order.entity';
import type { PlaceOrderInput } from './order.inputs';

/**
 * SPEC §7 order calls (PATCH /orders/{id} is the payments module's). Prices, totals, status and
 * payment fields in a body are ignored: the service sets them.
 */
export function registerOrdersRoutes(router: Router, services: Services): void {
  router.get(
    '/orders',
    handle(services, async (req, res, { caller }) => {
      const email = queryValue(req, 'email');
      const orders = await restList(req, res, (page) =>
        email === undefined
          ? services.orders.listAll(caller, Object.assign({}, page))
          : services.orders.listByEmail(caller, email, Object.assign({}, page)),
      );
      return orders.map(restOrder);
    }),
  );

  router.get(
    '/orders/:id',
    handle(services, async (req, _res, { caller }) => restOrder(await services.orders.get(caller, String(req.params.id)))),
  );

  router.post(
    '/orders',
    handle(services, async (req, _res, { caller }) => {
      const body = bodyOf(req);
      // Form fields often arrive as text: "3" is the number 3, anything else goes to the service as sent.
      const quantity = typeof body.quantity === 'string' && /^\s*\d{1,10}\s*$/.test(body.quantity) ? Number(body.quantity) : body.quantity;
      const input = {
        productId: body.productId ?? body.productCode,
        quantity,
        phone: body.phone,
        address: body.address,
        engraving: body.engraving,
      };
      const order = await services.orders.place(caller, input as PlaceOrderInput);
      return { ...restOrder(order), insertedId: order.id, message: 'Order Placed' };
    }),
  );

  router.put(
    '/orders',
    handle(services, async (req, _res, { caller }) => {
      const id = requireQuery(req, 'id');
      if (bodyOf(req).status !== OrderStatus.Shipped) throw badInput("Only status 'Shipped' can be set");
      return { ...restOrder(await services.orders.markShipped(caller, id)), message: 'Status is updated' };
    }),
  );

  router.delete(
    '/orders',
    handle(services, async (req, _res, { caller }) => {
      await services.orders.delete(caller, requireQuery(req, 'id'));
      return { deletedCount: 1 };
    }),
  );
}
