import { MADE_TO_ORDER_DAYS_ORDER, toMinorUnits, VARIANT_MADE_TO_ORDER_DAYS } from '@keen/rules';
import { type OptionGroupInput, productOptionsInput, productVariantInput, type ProductVariantInput } from '@keen/rules/schemas';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { badInput, conflict, notFound } from '../../common/errors';
import { plainQueries } from '../../common/list';
import { isId, parseInput } from '../../common/validate';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin } from '../auth';
import { productPayload } from './catalog.service';
import { Product } from './product.entity';
import type { ProductOptionGroup } from './variant.types';
import { ProductOptionGroupRow, ProductOptionValueRow, ProductVariantOption, ProductVariantRow } from './variant.entity';
import {
  describe,
  freeSkus,
  isRetired,
  isSkuTaken,
  readOptionGroups,
  readVariants,
  refreshProductTotals,
  skuPart,
  type VariantWithGroupNames,
  withFreshSkus,
} from './variants';

/** A combination of option values: group name to value name, lower-cased. */
type Combination = Map<string, string>;

/** The admins' variant editor: options, the variants they make, and each variant's SKU, price, stock, photo and state. */
export class VariantsService {
  constructor(
    private readonly db: DataSource,
    private readonly currency: string,
  ) {}

  /** The variants of these products (anyone may read them): one statement. */
  of(_caller: Caller, productIds: readonly string[]): Promise<Map<string, VariantWithGroupNames[]>> {
    return readVariants(plainQueries(this.db), productIds);
  }

  /**
   * Sets a product's option groups and makes a variant for every combination of their values. A
   * variant whose combination survives keeps its id, SKU, price, stock, photo and orders (a
   * product without options hands its one variant to the first combination; adding or removing a
   * group keeps the variants that agree on the groups that stay). A variant left without a
   * combination is deleted, or disabled when it has orders. New variants start at the product's
   * price with no stock.
   */
  async setOptions(caller: Caller, productId: string, input: unknown): Promise<Product> {
    requireAdmin(caller);
    const groups = parseInput(productOptionsInput, input).map((group) => this.groupInMinorUnits(group));
    if (!isId(productId)) throw notFound('Product');
    return withFreshSkus(() => this.db.transaction((manager) => this.writeOptions(manager, productId, groups)));
  }

  /** setOptions' work, in one transaction (tried again when a concurrent writer took one of its new SKUs). */
  private async writeOptions(manager: EntityManager, productId: string, groups: OptionGroupInput[]): Promise<Product> {
    // Variants first, as every stock writer takes them (see variants.ts); the product after, so
    // that new variants start at its price as the writers just before left it.
    await manager.query(`SELECT "id" FROM "product_variant" WHERE "productId" = $1 ORDER BY "id" FOR UPDATE`, [productId]);
    const product = await manager.getRepository(Product).findOneBy({ id: productId });
    if (!product) throw notFound('Product');
    const before = (await readVariants(manager, [productId])).get(productId)!;
    const ordered = await variantsWithOrders(manager, before);

    const existing = (await readOptionGroups(manager, [productId])).get(productId)!;
    // A variant that lost its options (disabled, kept for its orders) is heir to nothing.
    const live = before.filter((variant) => !isRetired(variant.name, variant.options.length, existing.length));
    const values = await writeGroups(manager, productId, existing, groups);
    const combinations = combine(groups);
    const heirs = matchVariants(live, combinations);

    const taken = new Set(heirs.values());
    const newSkus = await freeSkus(
      manager,
      combinations.filter((_, index) => !taken.has(index)).map((combination) => skuOf(product.name, combination, groups)),
    );
    const survivors = [...heirs.keys()];
    if (survivors.length) await manager.delete(ProductVariantOption, { variantId: In(survivors) });
    const links: ProductVariantOption[] = [];
    for (const [index, combination] of combinations.entries()) {
      const name = nameOf(combination, groups);
      const heir = [...heirs].find(([, at]) => at === index)?.[0];
      const variantId =
        heir ??
        (
          await manager.getRepository(ProductVariantRow).insert({
            productId,
            sku: newSkus.shift()!,
            name,
            priceAmount: product.priceAmount,
            quantity: 0,
            img: null,
            enabled: true,
            position: index,
          })
        ).identifiers[0].id;
      if (heir) await manager.getRepository(ProductVariantRow).update({ id: heir }, { name, position: index });
      for (const [group, value] of combination) links.push({ variantId, valueId: values.get(`${group}\u0000${value}`)! });
    }
    if (links.length) await manager.getRepository(ProductVariantOption).insert(links);

    const orphans = before.filter((variant) => !heirs.has(variant.id));
    const retired = orphans.filter((variant) => ordered.has(variant.id)).map((variant) => variant.id);
    const gone = orphans.filter((variant) => !ordered.has(variant.id)).map((variant) => variant.id);
    if (gone.length) await manager.delete(ProductVariantRow, { id: In(gone) });
    // Kept for their orders, with their names; no longer one of the combinations.
    if (retired.length) await manager.delete(ProductVariantOption, { variantId: In(retired) });
    for (const [at, id] of retired.entries())
      await manager.getRepository(ProductVariantRow).update({ id }, { enabled: false, position: combinations.length + at });
    return this.changed(manager, productId);
  }

  /** Changes one variant: SKU (unique in the shop), price, stock, photo (null shows the product's) or enabled. */
  async updateVariant(caller: Caller, id: string, input: ProductVariantInput): Promise<Product> {
    requireAdmin(caller);
    const changes = this.inMinorUnits(parseInput(productVariantInput, input));
    if (!isId(id)) throw notFound('Variant');
    return this.write(async (manager) => {
      const [variant] = await this.lockVariants(manager, [id]);
      if (changes.sku !== undefined) await assertSkuFree(manager, changes.sku, variant.id);
      await manager.getRepository(ProductVariantRow).update({ id: variant.id }, await checkedChanges(manager, variant, changes));
      return this.changed(manager, variant.productId);
    });
  }

  /** The grid's bulk edit: the same price, stock or enabled for every variant named (all of one product). */
  async updateVariants(caller: Caller, ids: readonly string[], input: ProductVariantInput): Promise<Product> {
    requireAdmin(caller);
    const changes = this.inMinorUnits(parseInput(productVariantInput, input));
    if (changes.sku !== undefined) throw badInput('An SKU belongs to one variant: change it on its own');
    if (!ids.length) throw badInput('Choose at least one variant');
    if (!ids.every(isId)) throw notFound('Variant');
    return this.write(async (manager) => {
      const variants = await this.lockVariants(manager, ids);
      const productIds = new Set(variants.map((variant) => variant.productId));
      if (productIds.size > 1) throw badInput('Change the variants of one product at a time');
      for (const variant of variants)
        await manager.getRepository(ProductVariantRow).update({ id: variant.id }, await checkedChanges(manager, variant, changes));
      return this.changed(manager, variants[0].productId);
    });
  }

  /** Deletes a variant without orders; one with orders can only be disabled, and a product keeps at least one. */
  async deleteVariant(caller: Caller, id: string): Promise<Product> {
    requireAdmin(caller);
    if (!isId(id)) throw notFound('Variant');
    return this.db.transaction(async (manager) => {
      const [target]: Pick<ProductVariantRow, 'productId'>[] = await manager.query(
        `SELECT "productId" FROM "product_variant" WHERE "id" = $1`,
        [id],
      );
      if (!target) throw notFound('Variant');
      // Every variant of the product, in id order (the lock order): two deletes at once cannot both take its last one.
      const siblings: (ProductVariantRow & { options: number; groups: number })[] = await manager.query(
        `SELECT v.*, (SELECT count(*) FROM "product_variant_option" o WHERE o."variantId" = v."id")::int AS "options",
                (SELECT count(*) FROM "product_option_group" g WHERE g."productId" = v."productId")::int AS "groups"
           FROM "product_variant" v WHERE v."productId" = $1 ORDER BY v."id" FOR UPDATE OF v`,
        [target.productId],
      );
      const variant = siblings.find((row) => row.id === id);
      if (!variant) throw notFound('Variant');
      const product = await manager.getRepository(Product).findOneByOrFail({ id: variant.productId });
      if ((await variantsWithOrders(manager, [variant])).size)
        throw conflict(`${describe(product.name, variant.name)} has orders: disable it instead`);
      // Variants retired for their orders do not count: they can never be sold again.
      if (!siblings.some((row) => row.id !== id && !isRetired(row.name, row.options, row.groups)))
        throw conflict('A product keeps at least one variant');
      await manager.delete(ProductVariantRow, { id: variant.id });
      return this.changed(manager, variant.productId);
    });
  }

  /** Locks variants in id order (as orders do); answers them in that order; any unknown id is NOT_FOUND. */
  private async lockVariants(manager: EntityManager, ids: readonly string[]): Promise<ProductVariantRow[]> {
    const unique = [...new Set(ids)].sort();
    const rows: ProductVariantRow[] = await manager.query(
      `SELECT * FROM "product_variant" WHERE "id" = ANY($1::uuid[]) ORDER BY "id" FOR UPDATE`,
      [unique],
    );
    if (rows.length !== unique.length) throw notFound('Variant');
    return rows;
  }

  /** A variant edit's price in minor units: priceAmount, or the whole price (older clients) converted. */
  private inMinorUnits({ price, ...changes }: ProductVariantInput): ProductVariantInput {
    if (changes.priceAmount !== undefined || price === undefined) return changes;
    return { ...changes, priceAmount: toMinorUnits(price, this.currency) };
  }

  /** A made-to-measure surcharge in minor units: surchargeAmount, or the whole surcharge converted; one of them is required. */
  private groupInMinorUnits(group: OptionGroupInput): OptionGroupInput {
    if (!group.custom || group.custom.surchargeAmount !== undefined) return group;
    if (group.custom.surcharge === undefined) throw badInput('Surcharge is Required');
    return { ...group, custom: { ...group.custom, surchargeAmount: toMinorUnits(group.custom.surcharge, this.currency) } };
  }

  /** After a variant write: the product's price and stock follow, and its change is an event. */
  private async changed(manager: EntityManager, productId: string): Promise<Product> {
    await refreshProductTotals(manager, [productId]);
    const product = await manager.getRepository(Product).findOneByOrFail({ id: productId });
    await raise(manager, 'product.updated', product.id, productPayload(product, this.currency));
    return product;
  }

  /** Runs a write; an SKU another variant took meanwhile answers as `assertSkuFree` does. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if (isSkuTaken(error)) throw conflict('That SKU was just taken by another variant; choose another');
      throw error;
    }
  }
}

/** Variants (of `variants`) that some order line names. */
async function variantsWithOrders(manager: EntityManager, variants: readonly Pick<VariantWithGroupNames, 'id'>[]): Promise<Set<string>> {
  const rows: { variantId: string }[] = await manager.query(
    `SELECT DISTINCT "variantId" FROM "order_line" WHERE "variantId" = ANY($1::uuid[])`,
    [variants.map((variant) => variant.id)],
  );
  return new Set(rows.map((row) => row.variantId));
}

async function assertSkuFree(manager: EntityManager, sku: string, variantId: string): Promise<void> {
  const [owner]: { product: string; variant: string }[] = await manager.query(
    `SELECT p."name" AS product, v."name" AS variant FROM "product_variant" v JOIN "product" p ON p."id" = v."productId"
      WHERE lower(v."sku") = lower($1) AND v."id" <> $2`,
    [sku, variantId],
  );
  if (owner) throw conflict(`SKU ${sku} is already used by ${describe(owner.product, owner.variant)}`);
}

/** The columns a variant edit writes; enabling a variant that lost its options is refused. */
async function checkedChanges(manager: EntityManager, variant: ProductVariantRow, changes: ProductVariantInput) {
  if (changes.enabled === true && !variant.enabled) {
    const [{ groups, options }]: { groups: number; options: number }[] = await manager.query(
      `SELECT (SELECT count(*) FROM "product_option_group" WHERE "productId" = $1)::int AS groups,
              (SELECT count(*) FROM "product_variant_option" WHERE "variantId" = $2)::int AS options`,
      [variant.productId, variant.id],
    );
    if (isRetired(variant.name, options, groups))
      throw conflict(`${variant.name || 'This variant'} no longer matches the product's options; it can only stay disabled`);
  }
  return {
    ...(changes.sku !== undefined ? { sku: changes.sku } : {}),
    ...(changes.priceAmount !== undefined ? { priceAmount: changes.priceAmount } : {}),
    ...(changes.quantity !== undefined ? { quantity: changes.quantity } : {}),
    ...(changes.img !== undefined ? { img: changes.img || null } : {}),
    ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
    ...(changes.weightGrams !== undefined ? { weightGrams: changes.weightGrams } : {}),
    ...leadTimeChanges(changes),
  };
}

/** A lead time edit: made to order with both days (the fewest first), else no days; days alone change nothing else. */
function leadTimeChanges({ leadTimeMode, madeToOrderMinDays, madeToOrderMaxDays }: ProductVariantInput) {
  if (leadTimeMode === undefined) {
    if (madeToOrderMinDays != null || madeToOrderMaxDays != null) throw badInput('Give leadTimeMode MADE_TO_ORDER with the days to make');
    return {};
  }
  if (leadTimeMode !== 'MADE_TO_ORDER') return { leadTimeMode, madeToOrderMinDays: null, madeToOrderMaxDays: null };
  if (madeToOrderMinDays == null || madeToOrderMaxDays == null) throw badInput(VARIANT_MADE_TO_ORDER_DAYS);
  if (madeToOrderMaxDays < madeToOrderMinDays) throw badInput(MADE_TO_ORDER_DAYS_ORDER);
  return { leadTimeMode, madeToOrderMinDays, madeToOrderMaxDays };
}

/**
 * Writes the groups and their values as asked, keeping the rows (and ids) of the groups and values
 * that stay (matched by name, whatever the case). Answers each value's id by "group\0value",
 * lower-cased.
 */
async function writeGroups(
  manager: EntityManager,
  productId: string,
  existing: ProductOptionGroup[],
  groups: OptionGroupInput[],
): Promise<Map<string, string>> {
  const keptGroups = new Set<string>();
  const valueIds = new Map<string, string>();
  for (const [position, group] of groups.entries()) {
    const old = existing.find((row) => row.name.toLowerCase() === group.name.toLowerCase());
    const custom = {
      customLabel: group.custom?.label ?? null,
      customMin: group.custom?.min ?? null,
      customMax: group.custom?.max ?? null,
      customUnit: group.custom?.unit ?? null,
      customSurchargeAmount: group.custom?.surchargeAmount ?? null,
    };
    const groupId =
      old?.id ??
      (await manager.getRepository(ProductOptionGroupRow).insert({ productId, name: group.name, position, ...custom })).identifiers[0].id;
    if (old) await manager.getRepository(ProductOptionGroupRow).update({ id: old.id }, { name: group.name, position, ...custom });
    keptGroups.add(groupId);
    const wanted = [
      ...group.values.map((name) => ({ name, custom: false })),
      ...(group.custom ? [{ name: group.custom.label, custom: true }] : []),
    ];
    const keptValues = new Set<string>();
    for (const [at, value] of wanted.entries()) {
      const oldValue = old?.values.find((row) => row.name.toLowerCase() === value.name.toLowerCase());
      const valueId =
        oldValue?.id ??
        (await manager.getRepository(ProductOptionValueRow).insert({ groupId, name: value.name, position: at, custom: value.custom }))
          .identifiers[0].id;
      if (oldValue)
        await manager
          .getRepository(ProductOptionValueRow)
          .update({ id: oldValue.id }, { name: value.name, position: at, custom: value.custom });
      keptValues.add(valueId);
      valueIds.set(`${group.name.toLowerCase()}\u0000${value.name.toLowerCase()}`, valueId);
    }
    const dropped = (old?.values ?? []).filter((value) => !keptValues.has(value.id)).map((value) => value.id);
    if (dropped.length) await manager.delete(ProductOptionValueRow, { id: In(dropped) });
  }
  const droppedGroups = existing.filter((group) => !keptGroups.has(group.id)).map((group) => group.id);
  if (droppedGroups.length) await manager.delete(ProductOptionGroupRow, { id: In(droppedGroups) });
  return valueIds;
}

/** Every combination of the groups' values, first group slowest; no groups make one empty combination. */
function combine(groups: OptionGroupInput[]): Combination[] {
  return groups.reduce<Combination[]>(
    (combinations, group) => {
      const values = [...group.values, ...(group.custom ? [group.custom.label] : [])];
      return combinations.flatMap((combination) =>
        values.map((value) => new Map([...combination, [group.name.toLowerCase(), value.toLowerCase()]])),
      );
    },
    [new Map()],
  );
}

/**
 * Which new combination each existing variant becomes: first those whose values are exactly a
 * combination, then (enabled first, in their order) those that agree with one on every group
 * both have. Each combination has at most one heir. Answers variant id to combination index.
 */
function matchVariants(variants: VariantWithGroupNames[], combinations: Combination[]): Map<string, number> {
  const heirs = new Map<string, number>();
  const taken = new Set<number>();
  const valuesOf = (variant: VariantWithGroupNames): Combination =>
    new Map(variant.options.map((option) => [option.groupName.toLowerCase(), option.name.toLowerCase()]));
  const claim = (variant: VariantWithGroupNames, fits: (values: Combination, combination: Combination) => boolean) => {
    if (heirs.has(variant.id)) return;
    const values = valuesOf(variant);
    const index = combinations.findIndex((combination, at) => !taken.has(at) && fits(values, combination));
    if (index < 0) return;
    heirs.set(variant.id, index);
    taken.add(index);
  };
  for (const variant of variants)
    claim(variant, (values, combination) => values.size === combination.size && [...values].every(([g, v]) => combination.get(g) === v));
  const byPreference = [...variants].sort((a, b) => Number(b.enabled) - Number(a.enabled));
  for (const variant of byPreference)
    claim(variant, (values, combination) => [...values].every(([g, v]) => !combination.has(g) || combination.get(g) === v));
  return heirs;
}

/** "18 cm / Walnut": the combination's values as the admin spelt them, in group order. */
function nameOf(combination: Combination, groups: OptionGroupInput[]): string {
  return groups
    .map((group) => {
      const wanted = combination.get(group.name.toLowerCase());
      return [...group.values, ...(group.custom ? [group.custom.label] : [])].find((value) => value.toLowerCase() === wanted)!;
    })
    .join(' / ');
}

function skuOf(productName: string, combination: Combination, groups: OptionGroupInput[]): string {
  const name = nameOf(combination, groups);
  return [skuPart(productName), ...(name ? name.split(' / ').map(skuPart) : [])].join('-');
}
