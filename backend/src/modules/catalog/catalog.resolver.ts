import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { type AskedFields, askedFieldsOf, columnsAsked, ReadsColumns } from '../../common/asked-fields';
import { type GraphQLContextOf, Allow, PublicRead } from '../auth';
import { type CatalogService, PRODUCT_COLUMNS, type ProductColumn } from './catalog.service';
import { Money, type ShopMoney } from '../shop';
import { ListResult } from '../../common/list';
import { ENGRAVING_FONTS, EngravingFont } from './engraving';
import { Product } from './product.entity';
import { ProductInput, ProductListOptions, UpdateProductInput } from './product.inputs';

type GraphQLContext = GraphQLContextOf<{ catalog: CatalogService; shop: ShopMoney }>;

const PRODUCT_COLUMN_NAMES: ReadonlySet<string> = new Set(PRODUCT_COLUMNS);

/** The product columns an answer needs: the fields asked that are columns, and those its resolved fields declare. */
function columnsFor(asked: AskedFields): readonly ProductColumn[] {
  const needed = columnsAsked(asked, PRODUCT_COLUMN_NAMES);
  return needed ? PRODUCT_COLUMNS.filter((column) => needed.includes(column)) : PRODUCT_COLUMNS;
}

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
    return services.catalog.list(caller, options, columnsFor(askedFieldsOf(info, ['items'])));
  }

  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => [EngravingFont], { description: 'The fonts an engraving may use' })
  engravingFonts(): readonly EngravingFont[] {
    return ENGRAVING_FONTS;
  }

  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => Product, {
    description:
      'Anyone: one product, by its id or by its slug (exactly one of them); NOT_FOUND when there is none. An old slug answers the product, whose slug is its current one',
  })
  async product(
    @Arg('id', () => ID, { nullable: true, description: "The product's id" }) id: string | null | undefined,
    @Arg('slug', () => String, { nullable: true, description: 'Its slug, or one it had (whatever the case)' })
    slug: string | null | undefined,
    @Ctx() { caller, services, loaders }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Product> {
    if (slug == null || id != null) return services.catalog.find(caller, { id, slug });
    // A product page: its asked columns, with its rating and photos, in one statement.
    const asked = askedFieldsOf(info, []);
    const { product, joined } = await services.catalog.bySlugJoined(caller, slug, columnsFor(asked), asked.resolved);
    for (const [join, value] of joined) join.prime(loaders, product.id, value);
    return product;
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

  @ReadsColumns('priceAmount')
  @FieldResolver(() => Money, { description: 'The lowest price of its enabled variants' })
  priceFrom(@Root() product: Product, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(product.priceAmount);
  }

  @ReadsColumns('priceAmount')
  @FieldResolver(() => Int, { description: 'The lowest price of its enabled variants, in whole units', deprecationReason: 'Use priceFrom' })
  price(@Root() product: Product, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(product.priceAmount);
  }

  @ReadsColumns('engravingAmount')
  @FieldResolver(() => Money, { description: 'Added to each engraved unit' })
  engravingSurcharge(@Root() product: Product, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(product.engravingAmount);
  }

  @ReadsColumns('engravingAmount')
  @FieldResolver(() => Int, { description: 'Added to each engraved unit, in whole units', deprecationReason: 'Use engravingSurcharge' })
  engravingPrice(@Root() product: Product, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(product.engravingAmount);
  }
}
