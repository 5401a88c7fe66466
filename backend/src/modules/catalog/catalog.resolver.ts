import { Arg, Ctx, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context';
import { ListResult } from '../../common/list';
import { ENGRAVING_FONTS, EngravingFont } from './engraving';
import { Product } from './product.entity';
import { ProductInput, ProductListOptions, UpdateProductInput } from './product.inputs';

@ObjectType()
export class ProductList extends ListResult(Product) {}

@Resolver(() => Product)
export class CatalogResolver {
  @Query(() => ProductList)
  products(
    @Arg('options', () => ProductListOptions, { nullable: true }) options: ProductListOptions | undefined,
    @Ctx() { caller, services }: RequestContext,
  ): Promise<ProductList> {
    return services.catalog.list(caller, options);
  }

  @Query(() => [EngravingFont], { description: 'The fonts an engraving may use' })
  engravingFonts(): readonly EngravingFont[] {
    return ENGRAVING_FONTS;
  }

  @Query(() => Product)
  product(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: RequestContext): Promise<Product> {
    return services.catalog.get(caller, id);
  }

  @Mutation(() => Product, { description: 'Admin only' })
  createProduct(@Arg('input', () => ProductInput) input: ProductInput, @Ctx() { caller, services }: RequestContext): Promise<Product> {
    return services.catalog.create(caller, input);
  }

  @Mutation(() => Product, { description: 'Admin only' })
  updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateProductInput) input: UpdateProductInput,
    @Ctx() { caller, services }: RequestContext,
  ): Promise<Product> {
    return services.catalog.update(caller, id, input);
  }

  @Mutation(() => ID, { description: 'Admin only; answers the deleted id' })
  deleteProduct(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: RequestContext): Promise<string> {
    return services.catalog.delete(caller, id);
  }
}
