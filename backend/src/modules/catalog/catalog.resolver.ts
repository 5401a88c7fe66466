import { Arg, Ctx, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { ListResult } from '../../common/list';
import { ENGRAVING_FONTS, EngravingFont } from './engraving';
import { Product } from './product.entity';
import { ProductInput, ProductListOptions, UpdateProductInput } from './product.inputs';
import { KeyScope } from '../auth/scopes';

@ObjectType()
export class ProductList extends ListResult(Product) {}

@Resolver(() => Product)
export class CatalogResolver {
  @KeyScope('catalog:read')
  @Query(() => ProductList)
  products(
    @Arg('options', () => ProductListOptions, { nullable: true }) options: ProductListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<ProductList> {
    return services.catalog.list(caller, options);
  }

  @KeyScope('catalog:read')
  @Query(() => [EngravingFont], { description: 'The fonts an engraving may use' })
  engravingFonts(): readonly EngravingFont[] {
    return ENGRAVING_FONTS;
  }

  @KeyScope('catalog:read')
  @Query(() => Product)
  product(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<Product> {
    return services.catalog.get(caller, id);
  }

  @KeyScope('catalog:write')
  @Mutation(() => Product, { description: 'Admin only' })
  createProduct(@Arg('input', () => ProductInput) input: ProductInput, @Ctx() { caller, services }: GraphQLContext): Promise<Product> {
    return services.catalog.create(caller, input);
  }

  @KeyScope('catalog:write')
  @Mutation(() => Product, { description: 'Admin only' })
  updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateProductInput) input: UpdateProductInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.catalog.update(caller, id, input);
  }

  @KeyScope('catalog:write')
  @Mutation(() => ID, { description: 'Admin only; answers the deleted id' })
  deleteProduct(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<string> {
    return services.catalog.delete(caller, id);
  }
}
