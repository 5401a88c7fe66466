import type { Request, Router } from 'express';
import { JsonBody } from '../../common/body';
import { badInput } from '../../common/errors';
import { handle } from '../../common/rest';
import { queryValue, requireQuery, restList, restOrder } from '../../common/rest-shapes';
import type { Services } from '../../services';
import { requireUser } from '../auth/caller';
import type { Engraving } from '../catalog/engraving';
import { OrderStatus } from './order.entity';
import type { PlaceOrderInput } from './order.inputs';

/** The purchase form's body; the old client named the product `productCode`. */
function placeOrderInput(req: Request): PlaceOrderInput {
  const body = JsonBody.of(req);
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
      requireUser(caller);
      const order = await services.orders.place(caller, placeOrderInput(req));
      return { ...restOrder(order), insertedId: order.id, message: 'Order Placed' };
    }),
  );

  router.put(
    '/orders',
    handle(services, async (req, _res, { caller }) => {
      requireUser(caller);
      const id = requireQuery(req, 'id');
      if (JsonBody.of(req).optionalText('status') !== OrderStatus.Shipped) throw badInput("Only status 'Shipped' can be set");
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
