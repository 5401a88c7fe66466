import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { rowsById } from '../../db/rows-by-id';
import { plainQueries } from '../../common/list';
import { Product } from './product.entity';
import { readOptionGroups, readVariants } from './variants';
import type { GalleryService } from './gallery.service';
import type { JoinedRead } from '../keen-module';
import type { GalleryPhoto } from './product-image.entity';

/** One request's batched catalogue look-ups: a whole product list's variants cost one statement. */
export function catalogLoaders(db: DataSource, gallery: GalleryService) {
  return {
    productById: rowsById(db, Product),
    imagesByProduct: new DataLoader(async (ids: readonly string[]) => {
      const images = await gallery.imagesOf(ids);
      return ids.map((id) => images.get(id)!);
    }),
    variantsByProduct: new DataLoader(async (ids: readonly string[]) => {
      const variants = await readVariants(plainQueries(db), ids);
      return ids.map((id) => variants.get(id)!);
    }),
    optionGroupsByProduct: new DataLoader(async (ids: readonly string[]) => {
      const groups = await readOptionGroups(plainQueries(db), ids);
      return ids.map((id) => groups.get(id)!);
    }),
  };
}

export type CatalogLoaders = ReturnType<typeof catalogLoaders>;

/** A product page's photos, read in the product's own statement (`CatalogService.bySlugJoined`), in gallery order. */
export const productImagesJoin: JoinedRead<CatalogLoaders> = {
  type: 'Product',
  field: 'images',
  select: (id) =>
    `(SELECT coalesce(json_agg(json_build_object('id', i."id", 'url', i."url", 'alt', i."alt", 'position', i."position")
                               ORDER BY i."position", i."id"), '[]')
        FROM "product_image" i WHERE i."productId" = ${id})`,
  prime: (loaders, id, value) =>
    loaders.imagesByProduct.prime(
      id,
      (value as Omit<GalleryPhoto, 'productId'>[]).map((photo) => ({ ...photo, productId: id })),
    ),
};
