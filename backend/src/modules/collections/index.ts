/** Shelves of the catalogue. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { COLLECTIONS_EVENTS } from './collections.events';
import { Collection, CollectionProduct } from './collection.entity';
import { CollectionsResolver } from './collections.resolver';
import { collectionsLoaders } from './collections.loaders';
import type { CollectionsService } from './collections.service';

export const collectionsModule = keenModule({
  name: 'collections',
  entities: [Collection, CollectionProduct],
  resolvers: [CollectionsResolver],
  loaders: (_db, { collections }: { collections: CollectionsService }) => collectionsLoaders(collections),
  events: COLLECTIONS_EVENTS,
});

export { Collection } from './collection.entity';
export type { CollectionsService } from './collections.service';
