import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContextOf, Allow, PublicRead } from '../auth';
import type { User } from '../users';
import { Product } from '../catalog';
import { Collection } from './collection.entity';
import { CollectionInput } from './collection.inputs';
import type { CollectionsLoaders } from './collections.loaders';
import type { CollectionsService } from './collections.service';

type GraphQLContext = GraphQLContextOf<{ collections: CollectionsService }, CollectionsLoaders, User>;

@Resolver(() => Collection)
export class CollectionsResolver {
  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => [Collection], { description: "Anyone: every collection, in the admins' order" })
  collections(@Ctx() { caller, services }: GraphQLContext): Promise<Collection[]> {
    return services.collections.list(caller);
  }

  @Allow({ allow: 'public', key: 'catalog:read' })
  @Query(() => Collection, { description: 'Anyone: one collection by its slug (whatever the case); NOT_FOUND when there is none' })
  collection(
    @Arg('slug', () => String, { description: 'Its slug' }) slug: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Collection> {
    return services.collections.bySlug(caller, slug);
  }

  @FieldResolver(() => [Product], { description: 'Its products, in shelf order' })
  products(@Root() collection: Collection, @Ctx() { loaders }: GraphQLContext): Promise<Product[]> {
    return loaders.productsOfCollection.load(collection.id);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Collection, { description: 'Admin: a new collection, last in order; its slug from its name unless given' })
  createCollection(
    @Arg('input', () => CollectionInput, { description: 'The new collection' }) input: CollectionInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Collection> {
    return services.collections.create(caller, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Collection, { description: 'Admin: changes its name, slug, description and picture' })
  updateCollection(
    @Arg('id', () => ID, { description: 'The collection to change' }) id: string,
    @Arg('input', () => CollectionInput, { description: 'Its fields as they are to be' }) input: CollectionInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Collection> {
    return services.collections.update(caller, id, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Boolean, { description: 'Admin: deletes the collection (its products stay in the catalogue)' })
  deleteCollection(
    @Arg('id', () => ID, { description: 'The collection to delete' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<boolean> {
    return services.collections.remove(caller, id);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Collection, { description: 'Admin: the products on the collection, in this order (those not named leave it)' })
  setCollectionProducts(
    @Arg('id', () => ID, { description: 'The collection' }) id: string,
    @Arg('productIds', () => [ID], { description: 'Its products, in shelf order' }) productIds: string[],
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Collection> {
    return services.collections.setProducts(caller, id, productIds);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => [Collection], { description: 'Admin: puts the collections in this order (every collection, once)' })
  reorderCollections(
    @Arg('ids', () => [ID], { description: 'Every collection, in its new order' }) ids: string[],
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Collection[]> {
    return services.collections.reorder(caller, ids);
  }
}
