import {
  DEFAULT_ENGRAVING_PLACEMENTS,
  ENGRAVING_MAX_LENGTH,
  ENGRAVING_PLACEMENTS,
  ENGRAVING_PRICE,
  MAX_WHOLE_NUMBER,
  MINIMUM_AGE,
  NEW_PRODUCT_ENGRAVING,
  PRODUCT_KINDS,
  VARIANT_LEAD_TIME_MODES,
} from '@keen/rules';
import { addProductInput, updateProductInput as updateProductSchema } from '@keen/rules/schemas';
import { z } from 'zod';
import { SortDirection } from '../../common/list';
import { field, jsonBody } from '../../http-kit/body';
import { successUnlessConflict } from '../../http-kit/conflict-answer';
import { named } from '../../http-kit/openapi';
import { LIST_PAGE_QUERY_SCHEMA, param, REST_LIST_CAP, restList, totalCount } from '../../http-kit/query';
import { restRoute, type RestRoutes, type Caller } from '../auth';
import type { User } from '../users';
import { type CatalogService, PRODUCT_COLUMNS, PRODUCT_EXISTS, type ProductColumn } from './catalog.service';
import type { EngravingPlacement } from './engraving';
import type { Product, ProductKind, TaxCategory } from './product.entity';
import type { VariantWithGroupNames } from './variants';
import type { VariantsService } from './variants.service';
import type { ShopMoney } from '../shop';
import { type ProductFieldsInput, type ProductInput, ProductSortField, type UpdateProductInput } from './product.inputs';

/** What a REST product leaves out: the timestamps and the tax category, which the old client never had, a gift card's own-amount bounds and the made-to-order days and whether engraved lines need a proof (GraphQL's). */
const NOT_IN_REST = [
  'createdAt',
  'updatedAt',
  'taxCategory',
  'giftCardMinAmount',
  'giftCardMaxAmount',
  'madeToOrderMinDays',
  'madeToOrderMaxDays',
  'madeToOrderCap',
  'proofRequired',
] as const;
/** The columns a REST product is made of. */
const REST_PRODUCT_COLUMNS = PRODUCT_COLUMNS.filter(
  (column): column is Exclude<ProductColumn, (typeof NOT_IN_REST)[number]> => !(NOT_IN_REST as readonly string[]).includes(column),
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
  engravingPlacements: p.engravingPlacements,
  ageRestricted: p.ageRestricted,
  minimumAge: p.minimumAge,
  kind: p.kind,
  weightGrams: p.weightGrams,
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

/** The fields a new product and an update share, as the router reads them (a wrong JSON type is a 400 naming the field). */
const productFieldsBody = {
  price: field.wholeNumber({ min: 0, max: MAX_WHOLE_NUMBER }),
  priceAmount: field.wholeNumber({ min: 0, max: MAX_WHOLE_NUMBER }),
  quantity: field.wholeNumber({ min: 0, max: MAX_WHOLE_NUMBER }),
  minimumQuantity: field.wholeNumber({ min: 1, max: MAX_WHOLE_NUMBER }),
  img: field.text(),
  engravable: field.boolean(),
  engravingMaxLength: field.wholeNumber(ENGRAVING_MAX_LENGTH),
  engravingPrice: field.wholeNumber(ENGRAVING_PRICE),
  engravingAmount: field.wholeNumber({ min: 0, max: MAX_WHOLE_NUMBER }),
  engravingPlacements: field
    .textList()
    .describe(addProductInput.shape.engravingPlacements.description ?? 'Where an engraving may go, at least one'),
  taxCategory: field.text(),
  ageRestricted: field.boolean(),
  minimumAge: field.wholeNumberOrNull(MINIMUM_AGE),
  kind: field.text().describe(addProductInput.shape.kind.description ?? 'KNIFE or GIFT_CARD'),
  weightGrams: field.wholeNumber({ min: 0, max: MAX_WHOLE_NUMBER }).describe('In grams, packed: what delivery priced by weight counts'),
};

/** The fields as the service takes them: what it requires and a body left out is '' (its own message refuses it). */
const productFields = ({
  img,
  taxCategory,
  kind,
  engravingPlacements,
  ...fields
}: z.output<z.ZodObject<typeof productFieldsBody>>): ProductFieldsInput => ({
  ...fields,
  engravingPlacements: engravingPlacements as EngravingPlacement[] | undefined,
  img: img ?? '',
  taxCategory: taxCategory as TaxCategory | undefined,
  kind: kind as ProductKind | undefined,
});

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
  engravingPlacements: z
    .array(z.enum(ENGRAVING_PLACEMENTS))
    .min(1)
    .describe(`Where an engraving may go, at least one (default ${DEFAULT_ENGRAVING_PLACEMENTS.join(', ')}); the customer chooses one`),
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
    kind: z.enum(PRODUCT_KINDS).describe('KNIFE, or GIFT_CARD: its variants are its denominations; no stock, delivery or age rule'),
    weightGrams: whole(0).describe('In grams, packed: what delivery priced by weight counts (a variant may weigh its own)'),
  }),
);

const TEXT_NUMBERS = 'Numbers may also be sent as text ("12").';

/**
 * The bodies as the router reads them: each field's JSON type (whole numbers may come as text). The
 * service parses what they give it with the shared schemas (`@keen/rules/schemas`: addProductInput,
 * updateProductInput), whose rules and words these descriptions point to. A new product's name may
 * come as ?productname= instead.
 */
const productBody = jsonBody({
  name: field.text().describe(`${addProductInput.shape.name.description}; required, here or as ?productname=`),
  description: field.text().describe('Required'),
  ...productFieldsBody,
}).describe(`A new product: name, description, price (or priceAmount), quantity, minimumQuantity and img are required. ${TEXT_NUMBERS}`);

const updateProductBody = jsonBody({
  name: field.text(),
  description: field.text(),
  slug: field.text().describe(updateProductSchema.shape.slug.description ?? 'Its new slug'),
  ...productFieldsBody,
  minimumAge: productFieldsBody.minimumAge.describe('null clears it; absent leaves it'),
}).describe(`Price, stock, minimum quantity and photo; the other fields are unchanged when absent. ${TEXT_NUMBERS}`);

/** A variant as REST reads it: `_id`, and each option as its group and value. */
const restVariant = (v: VariantWithGroupNames, shop: ShopMoney) => ({
  _id: v.id,
  sku: v.sku,
  name: v.name,
  options: v.options.map((option) => ({ group: option.groupName, value: option.name, custom: option.custom })),
  price: shop.major(v.priceAmount),
  quantity: v.quantity,
  img: v.img,
  enabled: v.enabled,
  weightGrams: v.weightGrams,
  leadTimeMode: v.leadTimeMode,
  madeToOrder: v.effectiveMadeToOrder,
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
    weightGrams: whole(0).describe("In grams: its own weight, or else its product's"),
    leadTimeMode: z
      .enum(VARIANT_LEAD_TIME_MODES)
      .describe("INHERIT: its product's lead time; MADE_TO_ORDER: its own days; IN_STOCK: shipped from stock only, whatever its product"),
    madeToOrder: z
      .object({ minDays: whole(1).describe('The fewest working days to make one'), maxDays: whole(1).describe('The most working days') })
      .nullable()
      .describe("Made to order in effect: its own days, or its product's when it inherits; null: shipped from stock only"),
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

type Services = { catalog: CatalogService; variants: VariantsService; shop: ShopMoney };
const route = restRoute<Services, User>();

/** SPEC §7 product calls, and a product by its slug. */
export const catalogRoutes: RestRoutes<Services, User> = [
  route({
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
      id: param.text().describe('A product _id: answers an array with that one product (the other parameters are ignored)'),
      q: param
        .text()
        .describe(
          'Search: products whose name or description contains every word (case-insensitive, parts of words too: "bowi" finds "Bowie"), best match first',
        ),
      sort: param.oneOf(PRODUCT_SORT_NAMES).describe('Order of the answer; without it, best match first when searching, else oldest first'),
      inStock: param.yesNo().describe('true or 1: only products with at least their minimum order quantity in stock'),
      ...LIST_PAGE_QUERY_SCHEMA.shape,
    }),
    answer: z.array(productWithVariants),
    answerHeaders: { 'X-Total-Count': totalCount('Products that match, over every page') },
    work: async ({ query }, res, { caller, services }) => {
      if (query.id !== undefined) return withVariants(caller, services, [await services.catalog.get(caller, query.id)]);
      const filter = { search: query.q, inStock: query.inStock, ...(query.sort ? productSorts[query.sort] : {}) };
      const page = await restList(query, res, (paging) => services.catalog.list(caller, { ...filter, ...paging }, REST_PRODUCT_COLUMNS));
      return withVariants(caller, services, page);
    },
  }),
  route({
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
    work: async ({ params }, res, { caller, services }) => {
      const product = await services.catalog.bySlug(caller, params.slug);
      if (product.slug !== params.slug) {
        // The REST layer is mounted at /api (app/rest-router.ts).
        res.writeHead(301, { location: `/api/products/by-slug/${product.slug}` }).end();
        return;
      }
      const [answer] = await withVariants(caller, services, [product]);
      return answer;
    },
  }),
  route({
    method: 'POST',
    path: '/products',
    tag: 'Products',
    summary: 'Add a product (admin)',
    description: `A name another product already has (whatever the case) answers 200 with \`success: false\` and '${PRODUCT_EXISTS}'.`,
    access: { allow: 'admin', key: 'catalog:write' },
    query: z.object({ productname: param.text().describe('The product name, used when the body has no name') }),
    body: productBody,
    answer: z.union([
      z.object({ success: z.literal(true), product: productAnswer }),
      z.object({ success: z.literal(false), message: z.literal(PRODUCT_EXISTS) }),
    ]),
    work: async ({ query, body: { name, description, ...fields } }, _res, { caller, services }) => {
      // The old client sent the name as ?productname= instead.
      const input: ProductInput = { name: name ?? query.productname ?? '', description: description ?? '', ...productFields(fields) };
      return successUnlessConflict(async () => ({
        success: true as const,
        product: restProduct(await services.catalog.create(caller, input), services.shop),
      }));
    },
  }),
  route({
    method: 'PUT',
    path: '/products/:id',
    tag: 'Products',
    summary: 'Update a product (admin): price, quantity, minimumQuantity and img required; name and description optional',
    access: { allow: 'admin', key: 'catalog:write' },
    params: z.object({ id: z.string().describe("The product's _id") }),
    body: updateProductBody,
    failures: [404, 409],
    answer: productAnswer,
    work: async ({ params, body: { name, description, slug, ...fields } }, _res, { caller, services }) => {
      const input: UpdateProductInput = { name, description, slug, ...productFields(fields) };
      return restProduct(await services.catalog.update(caller, params.id, input), services.shop);
    },
  }),
  route({
    method: 'DELETE',
    path: '/products',
    tag: 'Products',
    summary: 'Delete a product (admin)',
    access: { allow: 'admin', key: 'catalog:write' },
    query: z.object({ id: param.required().describe('The product _id') }),
    failures: [404],
    answer: z.object({ deletedCount: z.literal(1) }),
    work: async ({ query }, _res, { caller, services }) => {
      await services.catalog.delete(caller, query.id);
      return { deletedCount: 1 };
    },
  }),
];
