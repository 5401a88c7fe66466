import { ReadsColumns } from '../../common/asked-fields';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import type { CatalogLoaders } from './catalog.loaders';
import { Product } from './product.entity';
import { ProductOptionGroupInput, ProductVariantInput } from './variant.inputs';
import { CustomOptionValue, ProductOptionGroup, ProductVariant } from './variant.types';
import { Money, type ShopMoney } from '../shop';
import type { VariantsService } from './variants.service';

type GraphQLContext = GraphQLContextOf<{ variants: VariantsService; shop: ShopMoney }, CatalogLoaders>;

@Resolver(() => Product)
export class VariantsResolver {
  @ReadsColumns('id')
  @FieldResolver(() => [ProductOptionGroup], { description: 'How the product varies, in order; [] for a product without options' })
  optionGroups(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<ProductOptionGroup[]> {
    return loaders.optionGroupsByProduct.load(product.id);
  }

  @ReadsColumns('id')
  @FieldResolver(() => [ProductVariant], {
    description:
      'What the shop sells of it: one per combination of option values (one for a product without options), disabled ones included',
  })
  variants(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<ProductVariant[]> {
    return loaders.variantsByProduct.load(product.id);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, {
    description:
      'Admin only: sets the option groups and makes a variant for every combination; variants whose combination survives keep their SKU, price, stock and orders',
  })
  setProductOptions(
    @Arg('productId', () => ID, { description: 'The product' }) productId: string,
    @Arg('groups', () => [ProductOptionGroupInput], { description: 'At most 3 groups; [] for a product without options' })
    groups: ProductOptionGroupInput[],
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.variants.setOptions(caller, productId, groups);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, {
    description: "Admin only: changes one variant; answers its product, whose price and stock follow its variants'",
  })
  updateProductVariant(
    @Arg('id', () => ID, { description: 'The variant' }) id: string,
    @Arg('input', () => ProductVariantInput, { description: 'The fields to change' }) input: ProductVariantInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.variants.updateVariant(caller, id, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: 'Admin only: the same price, stock or enabled for several variants of one product (no SKU)' })
  updateProductVariants(
    @Arg('ids', () => [ID], { description: 'The variants, all of one product' }) ids: string[],
    @Arg('input', () => ProductVariantInput, { description: 'The fields to change' }) input: ProductVariantInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.variants.updateVariants(caller, ids, input);
  }

  @Allow({ allow: 'admin', key: 'catalog:write' })
  @Mutation(() => Product, { description: 'Admin only: deletes a variant without orders (one with orders can only be disabled)' })
  deleteProductVariant(
    @Arg('id', () => ID, { description: 'The variant' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Product> {
    return services.variants.deleteVariant(caller, id);
  }
}

@Resolver(() => ProductVariant)
export class ProductVariantPriceResolver {
  @FieldResolver(() => Money, { description: 'What one unit costs, before engraving and made-to-measure surcharges' })
  unitPrice(@Root() variant: ProductVariant, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(variant.priceAmount);
  }

  @FieldResolver(() => Int, { description: 'unitPrice in whole units', deprecationReason: 'Use unitPrice' })
  price(@Root() variant: ProductVariant, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(variant.priceAmount);
  }
}

@Resolver(() => CustomOptionValue)
export class CustomOptionValuePriceResolver {
  @FieldResolver(() => Money, { description: 'Added to the variant price of every unit made to measure' })
  surchargeAmount(@Root() custom: CustomOptionValue, @Ctx() { services }: GraphQLContext): Money {
    return services.shop.money(custom.surchargeAmount);
  }

  @FieldResolver(() => Int, { description: 'surchargeAmount in whole units', deprecationReason: 'Use surchargeAmount' })
  surcharge(@Root() custom: CustomOptionValue, @Ctx() { services }: GraphQLContext): number {
    return services.shop.whole(custom.surchargeAmount);
  }
}
