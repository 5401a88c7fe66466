import DataLoader from 'dataloader';
import type { Product } from '../catalog';
import type { CollectionsService } from './collections.service';

/** One request's batched collection reads. */
export function collectionsLoaders(collections: CollectionsService) {
  return {
    /** Each collection's products in shelf order: one statement for a whole list of collections. */
    productsOfCollection: new DataLoader<string, Product[]>(async (ids) => {
      const products = await collections.productsOf(ids);
      return ids.map((id) => products.get(id) ?? []);
    }),
  };
}

export type CollectionsLoaders = ReturnType<typeof collectionsLoaders>;
