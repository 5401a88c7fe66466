import { MADE_TO_ORDER_DAYS_ORDER, NEW_PRODUCT_ENGRAVING, toMajorUnits } from '@keen/rules';
import { addProductInput, PRODUCT_PRICE_REQUIRED, updateProductInput } from '@keen/rules/schemas';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { BoundedMap } from '../../common/bounded-map';
import { badInput, conflict, notFound } from '../../common/errors';
import { checkPage, likePattern, rowsPage, SortDirection } from '../../common/list';
import { isId, parseInput } from '../../common/validate';
import type { ProductPayload } from './catalog.events';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin } from '../auth';
import type { ComplianceService } from '../compliance';
import type { JoinedRead } from '../keen-module';
import type { ShopMoney } from '../shop';
import { syncFirstImage } from './gallery';
import type { EngravingPlacement } from './engraving';
import { Product, ProductKind, type TaxCategory } from './product.entity';
import { ProductVariantRow } from './variant.entity';
import { isNameTaken, withFreshNames } from './names';
import { freeSlugs, leaveSlug, productBySlugStatements, rowBySlug, SLUG_INDEX, type SlugStatements, slugPart } from './slugs';
import { addOnlyVariant, isRetired, refreshProductTotals, SKU_INDEX } from './variants';
import { type ProductInput, ProductListOptions, ProductSortField, type UpdateProductInput } from './product.inputs';

const UNIQUE_VIOLATION = '23505';

/** A product's columns, named as its properties (TypeORM's default naming), in table order. */
export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'img',
  'description',
  'priceAmount',
  'quantity',
  'minimumQuantity',
  'engravable',
  'engravingMaxLength',
  'engravingAmount',
  'engravingPlacements',
  'createdAt',
  'updatedAt',
  'taxCategory',
  'slug',
  'ageRestricted',
  'minimumAge',
  'kind',
  'giftCardMinAmount',
  'giftCardMaxAmount',
  'madeToOrderMinDays',
  'madeToOrderMaxDays',
  'madeToOrderCap',
  'weightGrams',
  'proofRequired',
] as const satisfies readonly (keyof Product)[];
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

const PRODUCT_BY_SLUG = productBySlugStatements(PRODUCT_COLUMNS);

/** The column each sort orders by (relevance is an expression of its own). */
const SORT_COLUMNS: Record<Exclude<ProductSortField, ProductSortField.relevance>, ProductColumn> = {
  name: 'name',
  price: 'priceAmount',
  quantity: 'quantity',
  createdAt: 'createdAt',
};
export const PRODUCT_EXISTS = 'Product already exist';
export const SLUG_TAKEN = 'Another product has that slug';

/**
 * The condition that some enabled variant of `product` (the alias of a product row) has `rule` its
 * minimum order quantity: '>=' in stock, '<=' running low. A gift card takes no stock: it is always
 * in stock and never low.
 */
export const anyVariantStock = (rule: '>=' | '<=', product = 'product') =>
  `(${product}."kind" ${rule === '>=' ? '=' : '<>'} '${ProductKind.GIFT_CARD}' ${rule === '>=' ? 'OR' : 'AND'} EXISTS (SELECT 1 FROM product_variant v WHERE v."productId" = ${product}.id AND v.enabled AND v.quantity ${rule} ${product}."minimumQuantity"))`;

export class CatalogService {
  /** The product page statements by the columns and joined fields they read (see `bySlugJoined`); a client chooses the keys. */
  private readonly joinedStatements = new BoundedMap<string, SlugStatements>(100);

  constructor(
    private readonly db: DataSource,
    private readonly shop: ShopMoney,
    private readonly compliance: ComplianceService,
    /** Every module's fields on Product that a product's own statement can read too. */
    private readonly productJoins: readonly JoinedRead[] = [],
  ) {}

  /**
   * A page of products. A search keeps the products whose name or description holds every word
   * of it (anywhere, so "bowi" finds "Bowie"), best match first unless another sort is asked for.
   * `columns` names what the answer needs (all by default); the items carry those only. Every
   * shopper's first page runs this: plain rows (rowsPage), and no column nobody reads.
   */
  async list<C extends ProductColumn = ProductColumn>(
    _caller: Caller,
    options: ProductListOptions = new ProductListOptions(),
    columns?: readonly C[],
  ): Promise<{ items: Pick<Product, C>[]; totalItems: number }> {
    const { skip, take } = checkPage(options);
    const words = options.search?.split(/\s+/).filter(Boolean) ?? [];
    const sortBy = options.sortBy ?? (words.length ? ProductSortField.relevance : ProductSortField.createdAt);
    if (sortBy === ProductSortField.relevance && !words.length) throw badInput('Sorting by relevance needs search text');
    const asked: readonly ProductColumn[] = columns ?? PRODUCT_COLUMNS;
    return rowsPage<Pick<Product, C>>(
      this.db,
      {
        columns: PRODUCT_COLUMNS.filter((column) => asked.includes(column)).map((column) => `"${column}"`),
        from: 'product',
        where: (bind) => {
          // The same expression as the trigram index IDX_product_search, so the planner can use it.
          const conditions = words.map((word) => `(name || ' ' || description) ILIKE ${bind(likePattern(word))}`);
          // Per variant: a product is low when one of its variants is, in stock when one of them is.
          if (options.lowStock) conditions.push(anyVariantStock('<='));
          if (options.inStock) conditions.push(anyVariantStock('>='));
          if (options.collection != null) {
            conditions.push(
              `id IN (SELECT cp."productId" FROM "collection_product" cp JOIN "collection" c ON c."id" = cp."collectionId"
                       WHERE c."slug" = ${bind(options.collection.toLowerCase())})`,
            );
          }
          return conditions;
        },
        orderBy: (bind) => {
          if (sortBy !== ProductSortField.relevance)
            return `"${SORT_COLUMNS[sortBy]}" ${options.sortDirection === SortDirection.DESC ? 'DESC' : 'ASC'}, id ASC`;
          // A match in the name counts twice as much as one in the description; among equal matches,
          // the name closest to the whole search (the shorter one) wins.
          const phrase = bind(words.join(' '));
          return `2 * word_similarity(${phrase}, name) + similarity(${phrase}, name) + word_similarity(${phrase}, description) DESC, name ASC, id ASC`;
        },
      },
      { skip, take },
    );
  }

  async get(_caller: Caller, id: string): Promise<Product> {
    const product = isId(id) ? await this.db.getRepository(Product).findOneBy({ id }) : null;
    if (!product) throw notFound('Product');
    return product;
  }

  /**
   * The product whose slug, or one of whose old slugs, `slug` is (whatever the case). Its `slug` is
   * the current one: a caller asked with another answers a redirect where it can (REST, pages).
   */
  async bySlug(_caller: Caller, slug: string): Promise<Product> {
    // Every product page asks here: one prepared statement and the row as it is (no query builder, no hydration).
    const product = await rowBySlug<Product>(this.db, PRODUCT_BY_SLUG, slug.toLowerCase());
    if (!product) throw notFound('Product');
    return product;
  }

  /**
   * `bySlug` for a product page, reading `columns` only: of the `asked` fields other modules
   * resolve, those with a joined read (its rating, its photos) come in the product's own statement,
   * one statement in all; the caller primes the request's loaders with them.
   */
  async bySlugJoined(
    _caller: Caller,
    slug: string,
    columns: readonly ProductColumn[],
    asked: ReadonlySet<string>,
  ): Promise<{ product: Product; joined: [JoinedRead, unknown][] }> {
    const joins = this.productJoins.filter((join) => asked.has(join.field));
    // The id and slug always: the loaders are primed by id, and a caller may compare the slug.
    const read = PRODUCT_COLUMNS.filter((column) => column === 'id' || column === 'slug' || columns.includes(column));
    const statementKey = `${read.join(',')}|${joins.map((join) => join.field).join(',')}`;
    let statement = this.joinedStatements.get(statementKey);
    if (statement === undefined) {
      statement = productBySlugStatements(
        read,
        joins.map((join) => `${join.select('p."id"')} AS "joined:${join.field}"`),
      );
      this.joinedStatements.set(statementKey, statement);
    }
    const row = await rowBySlug<Product & Record<string, unknown>>(this.db, statement, slug.toLowerCase());
    if (!row) throw notFound('Product');
    const joined = joins.map((join): [JoinedRead, unknown] => [join, row[`joined:${join.field}`]]);
    for (const join of joins) delete row[`joined:${join.field}`];
    return { product: row, joined };
  }

  /** One product by its id or by its slug (exactly one of them). */
  find(caller: Caller, { id, slug }: { id?: string | null; slug?: string | null }): Promise<Product> {
    if ((id == null) === (slug == null)) throw badInput("Give either the product's id or its slug");
    return id != null ? this.get(caller, id) : this.bySlug(caller, slug!);
  }

  async create(caller: Caller, input: ProductInput): Promise<Product> {
    requireAdmin(caller);
    const { price, priceAmount, engravingPrice, engravingAmount, engravingPlacements, taxCategory, kind, ...fields } = parseInput(
      addProductInput,
      { ...withoutNullWeight(input), engravingPlacements: input.engravingPlacements ?? undefined },
    );
    checkKind({ ...fields, kind: kind as ProductKind });
    const amounts = {
      taxCategory: taxCategory as TaxCategory,
      priceAmount: requiredAmount(priceAmount, price, this.shop),
      engravingAmount: engravingAmount ?? this.shop.minor(engravingPrice ?? NEW_PRODUCT_ENGRAVING.engravingPrice),
      // A new engravable product's engraved lines wait for a proof unless the admin says otherwise.
      proofRequired: fields.proofRequired ?? fields.engravable,
      engravingPlacements: engravingPlacements as EngravingPlacement[],
    };
    return uniquelyNamed(() =>
      withFreshNames(
        () =>
          this.db.transaction(async (manager) => {
            const [slug] = await freeSlugs(manager, [slugPart(fields.name)]);
            const created = await manager
              .getRepository(Product)
              .save(manager.getRepository(Product).create({ ...fields, ...amounts, kind: kind as ProductKind, slug }));
            await this.compliance.recordProductRule(manager, caller, null, created);
            await addOnlyVariant(manager, created);
            await syncFirstImage(manager, created.id, created.img);
            await raise(manager, 'product.created', created.id, productPayload(created, this.shop.currency));
            return created;
          }),
        [SKU_INDEX, SLUG_INDEX],
        'SKUs or slugs',
      ),
    );
  }

  /**
   * Writes only the columns this edit names, so nothing read earlier is written back over a newer
   * change. A change of the age rule (`ageRestricted`, `minimumAge`) needs compliance:write of a key.
   */
  async update(caller: Caller, id: string, input: UpdateProductInput): Promise<Product> {
    requireAdmin(caller);
    const product = await this.get(caller, id);
    // The fields left out are not in `changes`: they stay as they are.
    const { price, priceAmount, quantity, engravingPrice, engravingAmount, engravingPlacements, taxCategory, kind, ...changes } =
      parseInput(updateProductInput, { ...withoutNullWeight(input), engravingPlacements: input.engravingPlacements ?? undefined });
    const wanted = { priceAmount: requiredAmount(priceAmount, price, this.shop), quantity };
    // null clears a product's own minimum age (the shop's default and the destination's apply); absent leaves it.
    const minimumAge = input.minimumAge === null ? { minimumAge: null } : {};
    // null stops a gift card's custom amounts (both bounds go); absent leaves them.
    const amounts =
      input.giftCardMinAmount === null || input.giftCardMaxAmount === null ? { giftCardMinAmount: null, giftCardMaxAmount: null } : {};
    // null makes it ship from stock again (its days and cap go); a null cap alone lifts the cap; absent leaves them.
    const made =
      input.madeToOrderMinDays === null || input.madeToOrderMaxDays === null
        ? { madeToOrderMinDays: null, madeToOrderMaxDays: null, madeToOrderCap: null }
        : input.madeToOrderCap === null
          ? { madeToOrderCap: null }
          : {};
    const engraving = engravingAmount ?? (engravingPrice === undefined ? undefined : this.shop.minor(engravingPrice));
    return uniquelyNamed(() =>
      this.db.transaction(async (manager) => {
        await setOnlyVariant(manager, product.id, wanted);
        // Locked after its variants, as every writer takes them: the rule before is the one this edit replaces.
        const before = await manager
          .getRepository(Product)
          .findOneOrFail({ where: { id: product.id }, lock: { mode: 'pessimistic_write' } });
        if (kind !== undefined && kind !== before.kind) await refuseKindChangeWhenOrdered(manager, before);
        checkKind({ ...before, ...changes, ...minimumAge, ...amounts, ...made, kind: (kind as ProductKind | undefined) ?? before.kind });
        if (changes.slug !== undefined) await leaveSlug(manager, product.id, changes.slug);
        await manager.getRepository(Product).update(
          { id: product.id },
          {
            ...changes,
            ...(kind === undefined ? {} : { kind: kind as ProductKind }),
            ...(engraving === undefined ? {} : { engravingAmount: engraving }),
            ...(engravingPlacements === undefined ? {} : { engravingPlacements: engravingPlacements as EngravingPlacement[] }),
            ...(taxCategory === undefined ? {} : { taxCategory: taxCategory as TaxCategory }),
            ...minimumAge,
            ...amounts,
            ...made,
          },
        );
        if (changes.img !== undefined) await syncFirstImage(manager, product.id, changes.img);
        const after = await this.changed(manager, 'product.updated', product.id);
        await this.compliance.recordProductRule(manager, caller, before, after);
        return after;
      }),
    );
  }

  async delete(caller: Caller, id: string): Promise<string> {
    requireAdmin(caller);
    if (!isId(id)) throw notFound('Product');
    await this.db.transaction(async (manager) => {
      // Its variants first, as every stock writer takes them (see variants.ts).
      await manager.query(`SELECT "id" FROM "product_variant" WHERE "productId" = $1 ORDER BY "id" FOR UPDATE`, [id]);
      const [deleted] = (await manager.createQueryBuilder().delete().from(Product).where('id = :id', { id }).returning('*').execute())
        .raw as Product[];
      if (!deleted) throw notFound('Product');
      await raise(manager, 'product.deleted', deleted.id, productPayload(deleted, this.shop.currency));
    });
    return id;
  }

  /** After a write inside `manager`'s transaction: the product as written, with its event raised. */
  private async changed(manager: EntityManager, name: 'product.updated', id: string): Promise<Product> {
    const product = await manager.getRepository(Product).findOneByOrFail({ id });
    await raise(manager, name, product.id, productPayload(product, this.shop.currency));
    return product;
  }
}

/**
 * The product form's price and stock are its only variant's. A product with several variants
 * takes them back unchanged (the form shows the totals); changing them is the variants' business.
 */
async function setOnlyVariant(manager: EntityManager, productId: string, wanted: { priceAmount: number; quantity: number }): Promise<void> {
  const rows: (Pick<ProductVariantRow, 'id' | 'name'> & { options: number; groups: number })[] = await manager.query(
    `SELECT v."id", v."name",
            (SELECT count(*) FROM "product_variant_option" o WHERE o."variantId" = v."id")::int AS "options",
            (SELECT count(*) FROM "product_option_group" g WHERE g."productId" = v."productId")::int AS "groups"
       FROM "product_variant" v WHERE v."productId" = $1 ORDER BY v."id" FOR UPDATE OF v`,
    [productId],
  );
  // Variants retired for their orders are not the form's business.
  const variants = rows.filter((row) => !isRetired(row.name, row.options, row.groups));
  const product = await manager.getRepository(Product).findOneByOrFail({ id: productId });
  if (variants.length === 1) await manager.getRepository(ProductVariantRow).update({ id: variants[0].id }, wanted);
  else if (wanted.priceAmount !== product.priceAmount || wanted.quantity !== product.quantity)
    throw badInput(`${product.name} has ${variants.length} variants: set prices and stock on its variants`);
  await refreshProductTotals(manager, [productId]);
}

/** A weight of null is left out: a product always weighs something (0 until it is given). */
const withoutNullWeight = <T extends { weightGrams?: number | null; proofRequired?: boolean | null }>(input: T) => ({
  ...input,
  weightGrams: input.weightGrams ?? undefined,
  proofRequired: input.proofRequired ?? undefined,
});

/**
 * A gift card is a code mailed on payment: nothing is handed over that an age check, a blade rule or
 * an engraving could apply to, so a product that is one (or becomes one) may have none of them.
 */
function checkKind(
  product: Pick<Product, 'kind' | 'ageRestricted' | 'engravable'> &
    Partial<
      Pick<
        Product,
        'minimumAge' | 'giftCardMinAmount' | 'giftCardMaxAmount' | 'madeToOrderMinDays' | 'madeToOrderMaxDays' | 'madeToOrderCap'
      >
    >,
): void {
  checkMadeToOrder(product);
  const min = product.giftCardMinAmount ?? null;
  const max = product.giftCardMaxAmount ?? null;
  if ((min === null) !== (max === null)) throw badInput('Give both the least and the most amount a gift card buyer may choose, or neither');
  if (product.kind !== ProductKind.GIFT_CARD) {
    if (min !== null) throw badInput('Only a gift card lets its buyer choose the amount');
    return;
  }
  if (product.ageRestricted || product.minimumAge != null) throw badInput('A gift card cannot be age-restricted');
  if (product.engravable) throw badInput('A gift card cannot be engraved');
  if (min !== null && max! < min) throw badInput('The most amount of a gift card must be at least its least amount');
}

/** Made to order: both days or neither, the most at least the fewest, a cap only with them, never a gift card. */
function checkMadeToOrder(
  product: Pick<Product, 'kind'> & Partial<Pick<Product, 'madeToOrderMinDays' | 'madeToOrderMaxDays' | 'madeToOrderCap'>>,
): void {
  const min = product.madeToOrderMinDays ?? null;
  const max = product.madeToOrderMaxDays ?? null;
  if ((min === null) !== (max === null)) throw badInput('Give both the fewest and the most days to make it, or neither');
  if (min === null) {
    if (product.madeToOrderCap != null) throw badInput('Only a product made to order has a cap of open made-to-order units');
    return;
  }
  if (product.kind === ProductKind.GIFT_CARD) throw badInput('A gift card cannot be made to order');
  if (max! < min) throw badInput(MADE_TO_ORDER_DAYS_ORDER);
}

/**
 * A product that has been ordered keeps its kind: its orders were priced, taxed, delivered (or not)
 * and issued cards as that kind, and a refund or a reissue reads the product again. Staff add a new
 * product instead.
 */
async function refuseKindChangeWhenOrdered(manager: EntityManager, product: Product): Promise<void> {
  const [ordered]: unknown[] = await manager.query(`SELECT 1 FROM "order_line" WHERE "productId" = $1 LIMIT 1`, [product.id]);
  if (ordered)
    throw badInput(
      `${product.name} has been ordered: it stays ${product.kind === ProductKind.GIFT_CARD ? 'a gift card' : 'a knife'}; add a new product instead`,
    );
}

/**
 * A product form's price in minor units: `priceAmount` as the dashboard sends it, or the SPEC's
 * whole `price` (REST and older clients); one of them is required.
 */
function requiredAmount(amount: number | undefined, whole: number | undefined, shop: ShopMoney): number {
  if (amount !== undefined) return amount;
  if (whole === undefined) throw badInput(PRODUCT_PRICE_REQUIRED);
  return shop.minor(whole);
}

/** What a product's events carry: the price in minor units, and in major units for webhooks made before them. */
export function productPayload(product: Product, currency: string): ProductPayload {
  return {
    productId: product.id,
    name: product.name,
    priceAmount: product.priceAmount,
    currency,
    price: toMajorUnits(product.priceAmount, currency),
    quantity: product.quantity,
    minimumQuantity: product.minimumQuantity,
  };
}

/** Runs a write; a name another product already has answers 'Product already exist', a slug SLUG_TAKEN. */
async function uniquelyNamed<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isNameTaken(error, [SLUG_INDEX])) throw conflict(SLUG_TAKEN);
    if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) {
      throw conflict(PRODUCT_EXISTS);
    }
    throw error;
  }
}
