import { collectionInput } from '@keen/rules/schemas';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { isId, parseInput } from '../../common/validate';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin } from '../auth';
import { Product, slugPart } from '../catalog';
import { Collection, CollectionProduct } from './collection.entity';
import type { CollectionInput } from './collection.inputs';

/** The catalogue's shelves: anyone reads them; admins make, order and fill them. */
export class CollectionsService {
  constructor(private readonly db: DataSource) {}

  /** Every collection, in the admins' order. */
  list(_caller: Caller): Promise<Collection[]> {
    return this.db.getRepository(Collection).find({ order: { position: 'ASC', name: 'ASC' } });
  }

  async bySlug(_caller: Caller, slug: string): Promise<Collection> {
    const collection = await this.db.getRepository(Collection).findOneBy({ slug: slug.toLowerCase() });
    if (!collection) throw notFound('Collection');
    return collection;
  }

  /** Each collection's products in shelf order: two statements for a whole list of collections. */
  async productsOf(collectionIds: readonly string[]): Promise<Map<string, Product[]>> {
    const shelves: { collectionId: string; productId: string }[] = await this.db.query(
      `SELECT cp."collectionId", cp."productId" FROM "collection_product" cp JOIN "product" p ON p."id" = cp."productId"
        WHERE cp."collectionId" = ANY($1::uuid[]) ORDER BY cp."position", p."name"`,
      [collectionIds],
    );
    const products = new Map(
      (await this.db.getRepository(Product).findBy({ id: In([...new Set(shelves.map((row) => row.productId))]) })).map((product) => [
        product.id,
        product,
      ]),
    );
    const byCollection = new Map(collectionIds.map((id) => [id, [] as Product[]]));
    for (const { collectionId, productId } of shelves) byCollection.get(collectionId)!.push(products.get(productId)!);
    return byCollection;
  }

  async create(caller: Caller, input: CollectionInput): Promise<Collection> {
    requireAdmin(caller);
    const fields = parseInput(collectionInput, input);
    return this.db.transaction(async (manager) => {
      const slug = fields.slug || (await this.freeSlug(manager, slugPart(fields.name)));
      await this.assertSlugFree(manager, slug, null);
      const [{ next }]: { next: number }[] = await manager.query(`SELECT coalesce(max("position") + 1, 0)::int AS next FROM "collection"`);
      const collection = await manager.getRepository(Collection).save(
        manager.getRepository(Collection).create({
          name: fields.name,
          slug,
          description: fields.description ?? '',
          image: fields.image || null,
          position: next,
        }),
      );
      await raise(manager, 'collection.changed', collection.id, { collectionId: collection.id });
      return collection;
    });
  }

  async update(caller: Caller, id: string, input: CollectionInput): Promise<Collection> {
    requireAdmin(caller);
    const fields = parseInput(collectionInput, input);
    return this.db.transaction(async (manager) => {
      const collection = await this.locked(manager, id);
      if (fields.slug) await this.assertSlugFree(manager, fields.slug, collection.id);
      Object.assign(collection, {
        name: fields.name,
        slug: fields.slug || collection.slug,
        description: fields.description ?? '',
        image: fields.image || null,
      });
      const saved = await manager.getRepository(Collection).save(collection);
      await raise(manager, 'collection.changed', saved.id, { collectionId: saved.id });
      return saved;
    });
  }

  async remove(caller: Caller, id: string): Promise<boolean> {
    requireAdmin(caller);
    await this.db.transaction(async (manager) => {
      const collection = await this.locked(manager, id);
      await manager.getRepository(Collection).delete({ id: collection.id });
      await raise(manager, 'collection.changed', collection.id, { collectionId: collection.id });
    });
    return true;
  }

  /** The collection's products, in this order: those not named leave it. */
  async setProducts(caller: Caller, id: string, productIds: string[]): Promise<Collection> {
    requireAdmin(caller);
    if (new Set(productIds).size !== productIds.length) throw badInput('A product is on a collection once');
    if (!productIds.every(isId)) throw notFound('Product');
    return this.db.transaction(async (manager) => {
      const collection = await this.locked(manager, id);
      const found = await manager.getRepository(Product).countBy({ id: In(productIds) });
      if (found !== productIds.length) throw notFound('Product');
      await manager.delete(CollectionProduct, { collectionId: collection.id });
      if (productIds.length) {
        await manager.insert(
          CollectionProduct,
          productIds.map((productId, position) => ({ collectionId: collection.id, productId, position })),
        );
      }
      await manager.getRepository(Collection).update({ id: collection.id }, { updatedAt: new Date() });
      await raise(manager, 'collection.changed', collection.id, { collectionId: collection.id });
      return manager.getRepository(Collection).findOneByOrFail({ id: collection.id });
    });
  }

  /** Puts the collections in this order; it must name every collection once. */
  async reorder(caller: Caller, ids: string[]): Promise<Collection[]> {
    requireAdmin(caller);
    await this.db.transaction(async (manager) => {
      const all: { id: string }[] = await manager.query(`SELECT "id" FROM "collection" ORDER BY "id" FOR UPDATE`);
      const known = new Set(all.map((row) => row.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
        throw badInput('Name every collection once, in its new order');
      }
      await manager.query(
        `UPDATE "collection" c SET "position" = o.position - 1, "updatedAt" = now()
           FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, position) WHERE c."id" = o.id`,
        [ids],
      );
      for (const id of ids) await raise(manager, 'collection.changed', id, { collectionId: id });
    });
    return this.list(caller);
  }

  /** The collection, locked for the change; an unknown or malformed id is not found. */
  private async locked(manager: EntityManager, id: string): Promise<Collection> {
    const collection = isId(id)
      ? await manager.getRepository(Collection).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!collection) throw notFound('Collection');
    return collection;
  }

  private async assertSlugFree(manager: EntityManager, slug: string, ownerId: string | null): Promise<void> {
    const taken = await manager.getRepository(Collection).findOneBy({ slug });
    if (taken && taken.id !== ownerId) throw badInput(`Another collection already has the slug ${slug}`);
  }

  /** `wanted`, or wanted-2, -3...: a slug no collection has. */
  private async freeSlug(manager: EntityManager, wanted: string): Promise<string> {
    const rows: { slug: string }[] = await manager.query(`SELECT "slug" FROM "collection" WHERE "slug" = $1 OR "slug" LIKE $2`, [
      wanted,
      `${wanted}-%`,
    ]);
    const taken = new Set(rows.map((row) => row.slug));
    let slug = wanted;
    for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
    return slug;
  }
}
