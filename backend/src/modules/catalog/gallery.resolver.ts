import { ReadsColumns } from '../../common/asked-fields';
import { Arg, Ctx, Field, FieldResolver, ID, InputType, Mutation, Resolver, Root } from 'type-graphql';
import { type GraphQLContextOf, Allow } from '../auth';
import type { User } from '../users';
import { responsiveSrcSet } from '@keen/rules';
import type { CatalogLoaders } from './catalog.loaders';
import type { GalleryService } from './gallery.service';
import { type GalleryPhoto, ProductImage } from './product-image.entity';
import { Product } from './product.entity';

type GraphQLContext = GraphQLContextOf<{ gallery: GalleryService }, CatalogLoaders, User>;

@InputType({ description: 'A photo to add to a gallery' })
export class ProductImageInput {
  @Field(() => String, { description: "The photo's URL (an upload's data.url)" })
  url!: string;

  @Field(() => String, { nullable: true, description: 'What it shows, for people who cannot see it; at most 250 characters' })
  alt?: string | null;
}

@Resolver(() => ProductImage)
export class ProductImageResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'The sizes Keen stored of an uploaded photo, as an <img srcset>; null for other photos',
  })
  srcset(@Root() image: GalleryPhoto): string | null {
    return responsiveSrcSet(image.url) ?? null;
  }
}

@Resolver(() => Product)
export class GalleryResolver {
  @ReadsColumns('id')
  @FieldResolver(() => [ProductImage], { description: 'Its gallery, in order; the first photo is img (one statement for a list)' })
  images(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<GalleryPhoto[]> {
    return loaders.imagesByProduct.load(product.id);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: "Admin: adds a photo at the end of the product's gallery" })
  addProductImage(
    @Arg('productId', () => ID, { description: 'The product' }) productId: string,
    @Arg('input', () => ProductImageInput, { description: 'The photo' }) input: ProductImageInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.gallery.add(caller, productId, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: "Admin: sets a photo's alt text" })
  setProductImageAlt(
    @Arg('id', () => ID, { description: 'The photo' }) id: string,
    @Arg('alt', () => String, { description: 'What it shows; at most 250 characters' }) alt: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.gallery.setAlt(caller, id, alt);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: 'Admin: takes a photo out of its gallery (a product keeps at least one)' })
  removeProductImage(
    @Arg('id', () => ID, { description: 'The photo' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.gallery.remove(caller, id);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: "Admin: puts the product's photos in this order (each once); the first becomes its img" })
  reorderProductImages(
    @Arg('productId', () => ID, { description: 'The product' }) productId: string,
    @Arg('imageIds', () => [ID], { description: 'Its photos, in their new order' }) imageIds: string[],
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.gallery.reorder(caller, productId, imageIds);
  }
}
