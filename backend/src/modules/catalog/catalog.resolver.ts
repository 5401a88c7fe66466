import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { askedItemFields } from '../../common/asked-fields';
import type { GraphQLContextOf } from '../auth/request-context';
import { type CatalogService, PRODUCT_COLUMNS } from './catalog.service';
import { ListResult } from '../../common/list';
import { ENGRAVING_FONTS, EngravingFont } from './engraving';
import { Product } from './product.entity';
import { ProductInput, ProductListOptions, UpdateProductInput } from './product.inputs';
import { Allow } from '../auth/access';
import { PublicRead } from '../auth/public-read';

type GraphQLContext = GraphQLContextOf<{ catalog: CatalogService }>;

@ObjectType({ simpleResolvers: true, description: 'A page of products' })
export class ProductList extends ListResult(Product) {}

@Resolver(() => Product)
export class CatalogResolver {
  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => ProductList, { description: 'Anyone: a page of the catalogue, with search, sort and stock filters' })
  products(
    @Arg('options', () => ProductListOptions, { nullable: true, description: 'Default: the first 20, oldest first' })
    options: ProductListOptions | undefined,
    @Ctx() { caller, services }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProductList> {
    // Only the asked columns are read: the items then hold only the fields the query resolves.
    const asked = askedItemFields(info);
    // Variants and options are looked up by the product's id.
    const columns = PRODUCT_COLUMNS.filter(
      (column) => asked.has(column) || (column === 'id' && (asked.has('variants') || asked.has('optionGroups'))),
    );
    return services.catalog.list(caller, options, columns);
  }

  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => [EngravingFont], { description: 'The fonts an engraving may use' })
  engravingFonts(): readonly EngravingFont[] {
    return ENGRAVING_FONTS;
  }

  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => Product, { description: 'Anyone: one product; NOT_FOUND when there is none' })
  product(
    @Arg('id', () => ID, { description: "The product's id" }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.catalog.get(caller, id);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: 'Admin only' })
  createProduct(
    @Arg('input', () => ProductInput, { description: 'The new product' }) input: ProductInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.catalog.create(caller, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: 'Admin only' })
  updateProduct(
    @Arg('id', () => ID, { description: 'The product to change' }) id: string,
    @Arg('input', () => UpdateProductInput, { description: 'The fields to change' }) input: UpdateProductInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.catalog.update(caller, id, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => ID, { description: 'Admin only; answers the deleted id' })
  deleteProduct(
    @Arg('id', () => ID, { description: 'The product to delete' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<string> {
    return services.catalog.delete(caller, id);
  }
}
