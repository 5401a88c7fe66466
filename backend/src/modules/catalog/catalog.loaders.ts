import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { rowsById } from '../../db/rows-by-id';
import { Product } from './product.entity';
import { readOptionGroups, readVariants } from './variants';

/** One request's batched catalogue look-ups: a whole product list's variants cost one statement. */
export function catalogLoaders(db: DataSource) {
  return {
    productById: rowsById(db, Product),
    variantsByProduct: new DataLoader(async (ids: readonly string[]) => {
      const variants = await readVariants(db, ids);
      return ids.map((id) => variants.get(id)!);
    }),
    optionGroupsByProduct: new DataLoader(async (ids: readonly string[]) => {
      const groups = await readOptionGroups(db, ids);
      return ids.map((id) => groups.get(id)!);
    }),
  };
}

export type CatalogLoaders = ReturnType<typeof catalogLoaders>;
