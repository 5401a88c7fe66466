import { imageAlt, productImageInput } from '@keen/rules/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { plainRows } from '../../common/list';
import { isId, parseInput } from '../../common/validate';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin } from '../auth';
import type { ShopMoney } from '../shop';
import { productPayload } from './catalog.service';
import { type GalleryPhoto, ProductImage } from './product-image.entity';
import { Product } from './product.entity';

/**
 * Products' galleries: photos in order, each with alt text. The first photo is the product's `img`
 * (its card photo, the SPEC's field): every change here writes it, and the product's event follows.
 */
export class GalleryService {
  constructor(
    private readonly db: DataSource,
    private readonly shop: ShopMoney,
  ) {}

  /** Each product's photos in gallery order: one statement for a whole list of products. */
  async imagesOf(productIds: readonly string[]): Promise<Map<string, GalleryPhoto[]>> {
    // Every product page asks: one prepared statement, its rows as they are (no query builder, no hydration).
    const rows = await plainRows<GalleryPhoto>(
      this.db,
      `SELECT "id", "productId", "url", "alt", "position" FROM "product_image" WHERE "productId" = ANY($1::uuid[]) ORDER BY "position", "id"`,
      [productIds],
    );
    const byProduct = new Map(productIds.map((id) => [id, [] as GalleryPhoto[]]));
    for (const row of rows) byProduct.get(row.productId)?.push(row);
    return byProduct;
  }

  /** Adds a photo at the end of the gallery. */
  async add(caller: Caller, productId: string, input: { url: string; alt?: string | null }): Promise<Product> {
    requireAdmin(caller);
    const { url, alt } = parseInput(productImageInput, input);
    return this.change(productId, async (manager, images) => {
      await manager.insert(ProductImage, { productId, url, alt: alt ?? '', position: images.length });
    });
  }

  async setAlt(caller: Caller, imageId: string, alt: string): Promise<Product> {
    requireAdmin(caller);
    const text = parseInput(imageAlt, alt);
    const image = await this.image(imageId);
    return this.change(image.productId, async (manager) => {
      await manager.update(ProductImage, { id: image.id }, { alt: text });
    });
  }

  /** Takes a photo out of the gallery; a product keeps at least one. */
  async remove(caller: Caller, imageId: string): Promise<Product> {
    requireAdmin(caller);
    const image = await this.image(imageId);
    return this.change(image.productId, async (manager, images) => {
      if (images.length <= 1) throw badInput('A product keeps at least one photo: add another before removing this one');
      await manager.delete(ProductImage, { id: image.id });
      await this.renumber(
        manager,
        images.filter((row) => row.id !== image.id).map((row) => row.id),
      );
    });
  }

  /** Puts the gallery in this order; it must name each of its photos once. */
  async reorder(caller: Caller, productId: string, imageIds: string[]): Promise<Product> {
    requireAdmin(caller);
    return this.change(productId, async (manager, images) => {
      const known = new Set(images.map((row) => row.id));
      if (imageIds.length !== known.size || new Set(imageIds).size !== imageIds.length || !imageIds.every((id) => known.has(id))) {
        throw badInput("Name each of the product's photos once, in their new order");
      }
      await this.renumber(manager, imageIds);
    });
  }

  /** Runs `apply` on the product's gallery (its row locked), then makes its first photo the product's img and raises product.updated. */
  private async change(productId: string, apply: (manager: EntityManager, images: ProductImage[]) => Promise<void>): Promise<Product> {
    if (!isId(productId)) throw notFound('Product');
    return this.db.transaction(async (manager) => {
      const [locked] = await manager.query(`SELECT "id" FROM "product" WHERE "id" = $1 FOR UPDATE`, [productId]);
      if (!locked) throw notFound('Product');
      const images = await manager.getRepository(ProductImage).find({ where: { productId }, order: { position: 'ASC' } });
      await apply(manager, images);
      const [first] = await manager.getRepository(ProductImage).find({ where: { productId }, order: { position: 'ASC' }, take: 1 });
      await manager.update(Product, { id: productId }, { img: first.url });
      const product = await manager.getRepository(Product).findOneByOrFail({ id: productId });
      await raise(manager, 'product.updated', product.id, productPayload(product, this.shop.currency));
      return product;
    });
  }

  private async renumber(manager: EntityManager, orderedIds: string[]): Promise<void> {
    await manager.query(
      `UPDATE "product_image" i SET "position" = o.position - 1 FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, position) WHERE i."id" = o.id`,
      [orderedIds],
    );
  }

  private async image(imageId: string): Promise<ProductImage> {
    const image = isId(imageId) ? await this.db.getRepository(ProductImage).findOneBy({ id: imageId }) : null;
    if (!image) throw notFound('Photo');
    return image;
  }
}
