import type { Request, Router } from 'express';
import { SortDirection } from '../../common/list';
import { JsonBody } from '../../http-kit/body';
import { type Handlers, successUnlessConflict } from '../../http-kit/handle';
import { LIST_PAGE_QUERY, oneOf, queryValue, requireQuery, restList, yesNo } from '../../http-kit/query';
import { requireAdmin } from '../auth/caller';
import type { RestContextOf } from '../auth/request-context';
import { type CatalogService, PRODUCT_COLUMNS, type ProductColumn } from './catalog.service';
import type { Product } from './product.entity';
import { type ProductFieldsInput, type ProductInput, ProductSortField, type UpdateProductInput } from './product.inputs';
import { keyScope } from '../auth/scopes';

type RestContext = RestContextOf<{ catalog: CatalogService }>;

/** The columns a REST product is made of: all but the timestamps, which the old client never had. */
const REST_PRODUCT_COLUMNS = PRODUCT_COLUMNS.filter(
  (column): column is Exclude<ProductColumn, 'createdAt' | 'updatedAt'> => column !== 'createdAt' && column !== 'updatedAt',
);

/** A product as the old client reads it (SPEC §3): `_id` instead of `id`. */
const restProduct = (p: Pick<Product, (typeof REST_PRODUCT_COLUMNS)[number]>) => ({
  _id: p.id,
  name: p.name,
  img: p.img,
  description: p.description,
  price: p.price,
  quantity: p.quantity,
  minimumQuantity: p.minimumQuantity,
  engravable: p.engravable,
  engravingMaxLength: p.engravingMaxLength,
  engravingPrice: p.engravingPrice,
});

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
  const body = JsonBody.of(req.body);
  return {
    name: body.optionalText('name') ?? queryValue(req, 'productname') ?? '',
    description: body.text('description'),
    ...productFields(body),
  };
};

const updateProductInput = (req: Request): UpdateProductInput => {
  const body = JsonBody.of(req.body);
  return { name: body.optionalText('name'), description: body.optionalText('description'), ...productFields(body) };
};

/** The query parameters of `GET /api/products`: the only ones its cached answers are keyed by. */
const PRODUCT_LIST_QUERY = { query: ['id', 'q', 'sort', 'inStock', ...LIST_PAGE_QUERY] };

/** SPEC §7 product calls. */
export function registerCatalogRoutes(router: Router, { handle, publicRead }: Handlers<RestContext>): void {
  router.get(
    '/products',
    keyScope('catalog:read'),
    publicRead(async (req, res, { caller, services }) => {
      const id = queryValue(req, 'id');
      if (id !== undefined) return [restProduct(await services.catalog.get(caller, id))];
      const sort = oneOf(req, 'sort', Object.keys(productSorts) as ProductSort[]);
      const filter = { search: queryValue(req, 'q'), inStock: yesNo(req, 'inStock'), ...(sort ? productSorts[sort] : {}) };
      return (await restList(req, res, (page) => services.catalog.list(caller, { ...filter, ...page }, REST_PRODUCT_COLUMNS))).map(
        restProduct,
      );
    }, PRODUCT_LIST_QUERY),
  );

  router.post(
    '/products',
    keyScope('catalog:write'),
    handle(async (req, _res, { caller, services }) => {
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
    keyScope('catalog:write'),
    handle(async (req, _res, { caller, services }) => {
      requireAdmin(caller);
      return restProduct(await services.catalog.update(caller, String(req.params.id), updateProductInput(req)));
    }),
  );

  router.delete(
    '/products',
    keyScope('catalog:write'),
    handle(async (req, _res, { caller, services }) => {
      // The caller first: anonymous is 401 and a customer 403 before a missing id's 400.
      requireAdmin(caller);
      await services.catalog.delete(caller, requireQuery(req, 'id'));
      return { deletedCount: 1 };
    }),
  );
}
