import { ENGRAVING_MAX_LENGTH, MAX_WHOLE_NUMBER, MINIMUM_AGE, NEW_PRODUCT_ENGRAVING } from '@keen/rules';
import { addProductInput, updateProductInput as updateProductSchema } from '@keen/rules/schemas';
import { z } from 'zod';
import { SortDirection } from '../../common/list';
import { JsonBody } from '../../http-kit/body';
import { successUnlessConflict } from '../../http-kit/handle';
import { named } from '../../http-kit/openapi';
import { LIST_PAGE_QUERY_SCHEMA, oneOf, queryValue, REST_LIST_CAP, requireQuery, restList, yesNo, totalCount } from '../../http-kit/query';
import type { RouteRequest } from '../../http-kit/routes';
import type { RestRoutes } from '../auth/request-context';
import type { Caller } from '../auth/caller';
import type { User } from '../users/user.entity';
import { type CatalogService, PRODUCT_COLUMNS, PRODUCT_EXISTS, type ProductColumn } from './catalog.service';
import type { Product, TaxCategory } from './product.entity';
import type { VariantRead } from './variants';
import type { VariantsService } from './variants.service';
import type { ShopMoney } from '../shop/money';
import { type ProductFieldsInput, type ProductInput, ProductSortField, type UpdateProductInput } from './product.inputs';

/** The columns a REST product is made of: all but the timestamps and the tax category, which the old client never had. */
const REST_PRODUCT_COLUMNS = PRODUCT_COLUMNS.filter(
  (column): column is Exclude<ProductColumn, 'createdAt' | 'updatedAt' | 'taxCategory'> =>
    column !== 'createdAt' && column !== 'updatedAt' && column !== 'taxCategory',
);

/** A product as the old client reads it (SPEC §3): `_id` instead of `id`, amounts in major units (129.5). */
const restProduct = (p: Pick<Product, (typeof REST_PRODUCT_COLUMNS)[number]>, shop: ShopMoney) => ({
  _id: p.id,
  name: p.name,
  slug: p.slug,
  img: p.img,
  description: p.description,
  price: shop.major(p.priceAmount),
  quantity: p.quantity,
  minimumQuantity: p.minimumQuantity,
  engravable: p.engravable,
  engravingMaxLength: p.engravingMaxLength,
  engravingPrice: shop.major(p.engravingAmount),
  ageRestricted: p.ageRestricted,
  minimumAge: p.minimumAge,
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
const PRODUCT_SORT_NAMES = Object.keys(productSorts) as [ProductSort, ...ProductSort[]];

const productFields = (body: JsonBody): ProductFieldsInput => ({
  price: body.wholeNumber('price'),
  priceAmount: body.wholeNumber('priceAmount'),
  quantity: body.wholeNumber('quantity'),
  minimumQuantity: body.wholeNumber('minimumQuantity'),
  img: body.text('img'),
  engravable: body.boolean('engravable'),
  engravingMaxLength: body.wholeNumber('engravingMaxLength'),
  engravingPrice: body.wholeNumber('engravingPrice'),
  engravingAmount: body.wholeNumber('engravingAmount'),
  taxCategory: body.optionalText('taxCategory') as TaxCategory | undefined,
  ageRestricted: body.boolean('ageRestricted'),
  minimumAge: body.isNull('minimumAge') ? null : body.wholeNumber('minimumAge'),
});

/** A new product's body; the old client sent the name as `?productname=` instead. */
const productInput = (req: RouteRequest): ProductInput => {
  const body = JsonBody.of(req.body);
  return {
    name: body.optionalText('name') ?? queryValue(req, 'productname') ?? '',
    description: body.text('description'),
    ...productFields(body),
  };
};

const updateProductInput = (req: RouteRequest): UpdateProductInput => {
  const body = JsonBody.of(req.body);
  return {
    name: body.optionalText('name'),
    description: body.optionalText('description'),
    slug: body.optionalText('slug'),
    ...productFields(body),
  };
};

/** A whole-number field from `min` to the largest the service takes. */
const whole = (min: number) => z.int().min(min).max(MAX_WHOLE_NUMBER);
/** An amount as REST answers it: major units of the shop currency, exact to its minor unit. */
const major = () => z.number().min(0).describe('In major units of the shop currency: 129.5 is $129.50; whole prices read as integers');

const engravingSettings = {
  engravable: z.boolean().describe(`Whether an order may carry an engraving (default ${NEW_PRODUCT_ENGRAVING.engravable})`),
  engravingMaxLength: z
    .int()
    .min(ENGRAVING_MAX_LENGTH.min)
    .max(ENGRAVING_MAX_LENGTH.max)
    .describe(`Most characters of an engraving (default ${NEW_PRODUCT_ENGRAVING.engravingMaxLength})`),
  engravingPrice: major().describe(`Engraving surcharge per unit, major units (default ${NEW_PRODUCT_ENGRAVING.engravingPrice})`),
};

const productAnswer = named(
  'Product',
  z.object({
    _id: z.string().describe('The product id'),
    name: z.string().describe('Unique in the shop, whatever the case'),
    slug: z.string().describe('Its public page is /products/{slug}; unique in the shop, in lowercase'),
    img: z.string().describe('Photo URL: a shop path (/uploads/..., /images/...) or the image bucket'),
    description: z.string(),
    price: major().describe('The lowest price of its enabled variants, in major units of the shop currency (129.5 is $129.50)'),
    quantity: whole(0).describe('Stock'),
    minimumQuantity: whole(1).describe('Smallest quantity one order may take'),
    ...engravingSettings,
    ageRestricted: z.boolean().describe('A bladed article: sold only after an age check (GraphQL verifyAge), shipped marked'),
    minimumAge: z
      .int()
      .min(MINIMUM_AGE.min)
      .max(MINIMUM_AGE.max)
      .nullable()
      .describe("Its own minimum age over the shop's default and the destination's; null: theirs"),
  }),
);

const TEXT_NUMBERS = 'Numbers may also be sent as text ("12").';

/**
 * The bodies are the shared schemas the service parses its input with, described inline as a
 * caller may send them (a named component would be described as parsed: defaults as required).
 * A new product's name may come as ?productname= instead.
 */
const productBody = addProductInput
  .extend({
    name: addProductInput.shape.name.optional().describe('Unique in the shop, whatever the case; required, here or as ?productname='),
  })
  .describe(`A new product. ${TEXT_NUMBERS}`);

const updateProductBody = updateProductSchema
  .extend({ minimumAge: updateProductSchema.shape.minimumAge.nullable().describe('null clears it; absent leaves it') })
  .describe(`Price, stock, minimum quantity and photo; the other fields are unchanged when absent. ${TEXT_NUMBERS}`);

/** A variant as REST reads it: `_id`, and each option as its group and value. */
const restVariant = (v: VariantRead, shop: ShopMoney) => ({
  _id: v.id,
  sku: v.sku,
  name: v.name,
  options: v.options.map((option) => ({ group: option.groupName, value: option.name, custom: option.custom })),
  price: shop.major(v.priceAmount),
  quantity: v.quantity,
  img: v.img,
  enabled: v.enabled,
});

const variantAnswer = named(
  'ProductVariant',
  z.object({
    _id: z.string().describe('The variant id (order it as variantId)'),
    sku: z.string().describe('Unique in the shop, whatever the case'),
    name: z.string().describe('Its values in group order, "18 cm / Walnut"; "" for the one variant of a product without options'),
    options: z
      .array(z.object({ group: z.string(), value: z.string(), custom: z.boolean().describe('The made-to-measure value') }))
      .describe('One value per option group, in group order'),
    price: major().describe('Major units of the shop currency (129.5 is $129.50)'),
    quantity: whole(0).describe('Stock'),
    img: z.string().describe("Its photo, or the product's"),
    enabled: z.boolean().describe('Disabled variants cannot be ordered'),
  }),
);

/** The products of an answer with their variants: one statement for the page. */
async function withVariants(
  caller: Caller,
  { variants, shop }: { variants: VariantsService; shop: ShopMoney },
  products: Pick<Product, (typeof REST_PRODUCT_COLUMNS)[number]>[],
) {
  const byProduct = await variants.of(
    caller,
    products.map((product) => product.id),
  );
  return products.map((product) => ({
    ...restProduct(product, shop),
    variants: byProduct.get(product.id)!.map((variant) => restVariant(variant, shop)),
  }));
}

/** A product with its variants, as GET /products answers each. */
const productWithVariants = productAnswer.extend({
  variants: z.array(variantAnswer).describe('What the shop sells of it, one per combination of options'),
});

/** SPEC §7 product calls, and a product by its slug. */
export const catalogRoutes: RestRoutes<{ catalog: CatalogService; variants: VariantsService; shop: ShopMoney }, User> = [
  {
    method: 'GET',
    path: '/products',
    tag: 'Products',
    summary: 'All products, or one by id; optionally searched, sorted and filtered',
    description: `At most ${REST_LIST_CAP} products an answer; page with ?skip and ?take.`,
    access: { allow: 'public', key: 'catalog:read' },
    publicRead: true,
    failures: [404],
    // The cached answers are keyed by these parameters, in this order.
    query: z.object({
      id: z.string().optional().describe('A product _id: answers an array with that one product (the other parameters are ignored)'),
      q: z
        .string()
        .optional()
        .describe(
          'Search: products whose name or description contains every word (case-insensitive, parts of words too: "bowi" finds "Bowie"), best match first',
        ),
      sort: z
        .enum(PRODUCT_SORT_NAMES)
        .optional()
        .describe('Order of the answer; without it, best match first when searching, else oldest first'),
      inStock: z
        .literal(['true', 'false', '1', '0'])
        .optional()
        .describe('true or 1: only products with at least their minimum order quantity in stock'),
      ...LIST_PAGE_QUERY_SCHEMA.shape,
    }),
    answer: z.array(productWithVariants),
    answerHeaders: { 'X-Total-Count': totalCount('Products that match, over every page') },
    work: async (req, res, { caller, services }) => {
      const id = queryValue(req, 'id');
      if (id !== undefined) return withVariants(caller, services, [await services.catalog.get(caller, id)]);
      const sort = oneOf(req, 'sort', PRODUCT_SORT_NAMES);
      const filter = { search: queryValue(req, 'q'), inStock: yesNo(req, 'inStock'), ...(sort ? productSorts[sort] : {}) };
      const page = await restList(req, res, (paging) => services.catalog.list(caller, { ...filter, ...paging }, REST_PRODUCT_COLUMNS));
      return withVariants(caller, services, page);
    },
  },
  {
    method: 'GET',
    path: '/products/by-slug/:slug',
    tag: 'Products',
    summary: 'One product by its slug (its public page is /products/{slug})',
    description: 'A slug the product had before, or the slug in another case, answers 301 to the current one.',
    access: { allow: 'public', key: 'catalog:read' },
    params: z.object({ slug: z.string().describe('Its slug, or one it had (whatever the case)') }),
    failures: [404],
    redirect: { status: 301, description: 'An old slug: Location is /api/products/by-slug/{its current slug}' },
    answer: productWithVariants,
    work: async (req, res, { caller, services }) => {
      const product = await services.catalog.bySlug(caller, req.params.slug);
      if (product.slug !== req.params.slug) {
        // The REST layer is mounted at /api (app/rest-router.ts).
        res.writeHead(301, { location: `/api/products/by-slug/${product.slug}` }).end();
        return;
      }
      const [answer] = await withVariants(caller, services, [product]);
      return answer;
    },
  },
  {
    method: 'POST',
    path: '/products',
    tag: 'Products',
    summary: 'Add a product (admin)',
    description: `A name another product already has (whatever the case) answers 200 with \`success: false\` and '${PRODUCT_EXISTS}'.`,
    access: { allow: 'admin', key: 'catalog:write' },
    query: z.object({ productname: z.string().optional().describe('The product name, used when the body has no name') }),
    body: productBody,
    answer: z.union([
      z.object({ success: z.literal(true), product: productAnswer }),
      z.object({ success: z.literal(false), message: z.literal(PRODUCT_EXISTS) }),
    ]),
    work: async (req, _res, { caller, services }) => {
      const input = productInput(req);
      return successUnlessConflict(async () => ({
        success: true as const,
        product: restProduct(await services.catalog.create(caller, input), services.shop),
      }));
    },
  },
  {
    method: 'PUT',
    path: '/products/:id',
    tag: 'Products',
    summary: 'Update a product (admin): price, quantity, minimumQuantity and img required; name and description optional',
    access: { allow: 'admin', key: 'catalog:write' },
    params: z.object({ id: z.string().describe("The product's _id") }),
    body: updateProductBody,
    failures: [404, 409],
    answer: productAnswer,
    work: async (req, _res, { caller, services }) =>
      restProduct(await services.catalog.update(caller, req.params.id, updateProductInput(req)), services.shop),
  },
  {
    method: 'DELETE',
    path: '/products',
    tag: 'Products',
    summary: 'Delete a product (admin)',
    access: { allow: 'admin', key: 'catalog:write' },
    query: z.object({ id: z.string().describe('The product _id') }),
    failures: [404],
    answer: z.object({ deletedCount: z.literal(1) }),
    work: async (req, _res, { caller, services }) => {
      await services.catalog.delete(caller, requireQuery(req, 'id'));
      return { deletedCount: 1 };
    },
  },
];
