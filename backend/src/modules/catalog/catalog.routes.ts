import type { Router } from 'express';
import { AppError } from '../../common/errors';
import { handle } from '../../http/rest';
import { bodyOf, queryValue, requireQuery, restList, restProduct } from '../../http/rest-shapes';
import type { Services } from '../../services';
import { PRODUCT_EXISTS } from './catalog.service';
import type { ProductInput, UpdateProductInput } from './product.inputs';

/** SPEC §7 product calls. */
export function registerCatalogRoutes(router: Router, services: Services): void {
  router.get(
    '/products',
    handle(services, async (req, res, { caller }) => {
      const id = queryValue(req, 'id');
      if (id !== undefined) return [restProduct(await services.catalog.get(caller, id))];
      return (await restList(req, res, (page) => services.catalog.list(caller, Object.assign({}, page)))).map(restProduct);
    }),
  );

  router.post(
    '/products',
    handle(services, async (req, _res, { caller }) => {
      const body = bodyOf(req);
      const input = { ...body, name: body.name ?? queryValue(req, 'productname') } as ProductInput;
      try {
        return { success: true, product: restProduct(await services.catalog.create(caller, input)) };
      } catch (error) {
        if (error instanceof AppError && error.message === PRODUCT_EXISTS) return { success: false, message: PRODUCT_EXISTS };
        throw error;
      }
    }),
  );

  router.put(
    '/products/:id',
    handle(services, async (req, _res, { caller }) =>
      restProduct(await services.catalog.update(caller, String(req.params.id), bodyOf(req) as unknown as UpdateProductInput)),
    ),
  );

  router.delete(
    '/products',
    handle(services, async (req, _res, { caller }) => {
      await services.catalog.delete(caller, requireQuery(req, 'id'));
      return { deletedCount: 1 };
    }),
  );
}
