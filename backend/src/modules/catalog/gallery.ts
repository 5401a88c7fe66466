import type { EntityManager } from 'typeorm';
import { ProductImage } from './product-image.entity';

/** Inside a product's create or edit: its gallery's first photo follows the product's img (a new product's is its only one). */
export async function syncFirstImage(manager: EntityManager, productId: string, img: string): Promise<void> {
  const [updated]: [unknown[], number] = await manager.query(
    `UPDATE "product_image" SET "url" = $2 WHERE "productId" = $1 AND "position" = 0 RETURNING "id"`,
    [productId, img],
  );
  if (updated.length === 0) await manager.insert(ProductImage, { productId, url: img, alt: '', position: 0 });
}
