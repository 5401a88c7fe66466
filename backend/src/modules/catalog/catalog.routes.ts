import type { Request, Router } from 'express';
import { handle, publicRead, successUnlessConflict } from '../../common/rest';
import { SortDirection } from '../../common/list';
import { JsonBody } from '../../common/body';
import { oneOf, queryValue, requireQuery, restList, restProduct, yesNo } from '../../common/rest-shapes';
import type { Services } from '../../services';
import { requireAdmin } from '../auth/caller';
import { type ProductFieldsInput, type ProductInput, ProductSortField, type UpdateProductInput } from './product.inputs';

/** `GET /products?sort=`: the storefront's sort choices, spelled as in its URLs. */
export const productSorts = {
  relevance: { sortBy: ProductSortField.relevance },
  newest: { sortBy: ProductSortField.createdAt, sortDirection: SortDirection.DESC },
  price_asc: { sortBy: ProductSortField.price, sortDirection: SortDirection.ASC },
  price_desc: { sortBy: ProductSortField.price, sortDirection: SortDirection.DESC },
  name: { sortBy: ProductSortField.name, sortDirection: SortDirection.ASC },
};
type ProductSort = keyof typeof productSorts;

const productFields = (body: JsonBody): ProductFieldsInput => ({
  price: body.wholeNumber('price'),
  quantity: body.wholeNumber('quantity'),
  minimumQuantity: body.wholeNumber('minimumQuantity'),
  img: body.text('img'),
  engravable: body.boolean('engravable'),
  engravingMaxLength: body.wholeNumber('engravingMaxLength'),
  engravingPrice: body.wholeNumber('engravingPrice'),
});

/** A new product's body; the old client sent the name as `?productname=` instead. */
const productInput = (req: Request): ProductInput => {
  const body = JsonBody.of(req);
  return {
    name: body.optionalText('name') ?? queryValue(req, 'productname') ?? '',
    description: body.text('description'),
    ...productFields(body),
  };
};

const updateProductInput = (req: Request): UpdateProductInput => {
  const body = JsonBody.of(req);
  return { name: body.optionalText('name'), description: body.optionalText('description'), ...productFields(body) };
};

/** SPEC §7 product calls. */
export function registerCatalogRoutes(router: Router, services: Services): void {
  router.get(
    '/products',
    publicRead(services, async (req, res, { caller }) => {
      const id = queryValue(req, 'id');
      if (id !== undefined) return [restProduct(await services.catalog.get(caller, id))];
      const sort = oneOf(req, 'sort', Object.keys(productSorts) as ProductSort[]);
      const filter = { search: queryValue(req, 'q'), inStock: yesNo(req, 'inStock'), ...(sort ? productSorts[sort] : {}) };
      return (await restList(req, res, (page) => services.catalog.list(caller, { ...filter, ...page }))).map(restProduct);
    }),
  );

  router.post(
    '/products',
    handle(services, async (req, _res, { caller }) => {
      requireAdmin(caller);
      const input = productInput(req);
      return successUnlessConflict(async () => ({
        success: true as const,
        product: restProduct(await services.catalog.create(caller, input)),
      }));
    }),
  );

  router.put(
    '/products/:id',
    handle(services, async (req, _res, { caller }) => {
      requireAdmin(caller);
      return restProduct(await services.catalog.update(caller, String(req.params.id), updateProductInput(req)));
    }),
  );

  router.delete(
    '/products',
    handle(services, async (req, _res, { caller }) => {
      await services.catalog.delete(caller, requireQuery(req, 'id'));
      return { deletedCount: 1 };
    }),
  );
}
