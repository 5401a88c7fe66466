/** Products, their variants, photos and engraving. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { CATALOG_EVENTS } from './catalog.events';
import { Product } from './product.entity';
import { ProductSlugHistory } from './product-slug.entity';
import { ProductImage } from './product-image.entity';
import { ProductOptionGroupRow, ProductOptionValueRow, ProductVariantOption, ProductVariantRow } from './variant.entity';
import { CatalogResolver } from './catalog.resolver';
import { GalleryResolver, ProductImageResolver } from './gallery.resolver';
import { CustomOptionValuePriceResolver, ProductVariantPriceResolver, VariantsResolver } from './variants.resolver';
import { catalogRoutes } from './catalog.routes';
import { catalogLoaders, productImagesJoin } from './catalog.loaders';
import type { GalleryService } from './gallery.service';

export const catalogModule = keenModule({
  name: 'catalog',
  entities: [
    Product,
    ProductSlugHistory,
    ProductImage,
    ProductOptionGroupRow,
    ProductOptionValueRow,
    ProductVariantRow,
    ProductVariantOption,
  ],
  resolvers: [
    CatalogResolver,
    GalleryResolver,
    ProductImageResolver,
    VariantsResolver,
    ProductVariantPriceResolver,
    CustomOptionValuePriceResolver,
  ],
  routes: catalogRoutes,
  loaders: (db, { gallery }: { gallery: GalleryService }) => catalogLoaders(db, gallery),
  events: CATALOG_EVENTS,
  joins: [productImagesJoin],
});

export type { CatalogLoaders } from './catalog.loaders';
export { anyVariantStock } from './catalog.service';
export type { CatalogService } from './catalog.service';
export {
  ENGRAVING_FONTS,
  Engraving,
  EngravingColumns,
  EngravingPlacement,
  OrderEngraving,
  checkEngraving,
  ENGRAVING_COLUMN_NAMES,
  engravingSnapshot,
  engravingSurcharge,
} from './engraving';
export type { GalleryService } from './gallery.service';
export { ProductImage } from './product-image.entity';
export { Product, ProductKind, TaxCategory } from './product.entity';
export { ProductSortField } from './product.inputs';
export type { ProductListOptions } from './product.inputs';
export { slugPart } from './slugs';
export { ProductVariantRow } from './variant.entity';
export { ProductVariant } from './variant.types';
export { describe, EFFECTIVE_MADE_TO_ORDER_SQL, refreshProductTotals, takeProductStock } from './variants';
export type { ProductPayload } from './catalog.events';
