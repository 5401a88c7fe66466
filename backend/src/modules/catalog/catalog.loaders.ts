import type { DataSource } from 'typeorm';
import { rowsById } from '../../db/rows-by-id';
import { Product } from './product.entity';

/** One request's batched product look-ups (an order's product, for instance). */
export function catalogLoaders(db: DataSource) {
  return { productById: rowsById(db, Product) };
}

export type CatalogLoaders = ReturnType<typeof catalogLoaders>;
