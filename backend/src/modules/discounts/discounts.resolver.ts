import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import { Money, type ShopMoney } from '../shop';
import { Discount } from './discount.entity';
import { DiscountInput } from './discount.inputs';
import type { DiscountsService } from './discounts.service';

type GraphQLContext = GraphQLContextOf<{ discounts: DiscountsService; shop: ShopMoney }>;

/** Discount codes, for staff: shoppers use them through shippingOptions and placeOrder (discountCode). */
@Resolver(() => Discount)
export class DiscountsResolver {
  @Allow({ allow: 'admin', key: 'discounts:write' })
  @Query(() => [Discount], { description: 'Admin (or a discounts:write key): every discount code, newest first, with its usage' })
  discounts(@Ctx() { caller, services }: GraphQLContext): Promise<Discount[]> {
    return services.discounts.list(caller);
  }

  @Allow({ allow: 'admin', key: 'discounts:write' })
  @Mutation(() => Discount, { description: 'Admin (or a discounts:write key): a new discount code' })
  createDiscount(
    @Arg('input', () => DiscountInput, { description: 'The code and its rules' }) input: DiscountInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Discount> {
    return services.discounts.create(caller, input);
  }

  @Allow({ allow: 'admin', key: 'discounts:write' })
  @Mutation(() => Discount, { description: "Admin (or a discounts:write key): replaces a code's rules; its usage stays" })
  updateDiscount(
    @Arg('id', () => ID, { description: 'The discount' }) id: string,
    @Arg('input', () => DiscountInput, { description: 'Its new rules' }) input: DiscountInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Discount> {
    return services.discounts.update(caller, id, input);
  }

  @Allow({ allow: 'admin', key: 'discounts:write' })
  @Mutation(() => Discount, {
    description: 'Admin (or a discounts:write key): shoppers can no longer use the code; orders that used it keep it',
  })
  disableDiscount(
    @Arg('id', () => ID, { description: 'The discount' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Discount> {
    return services.discounts.disable(caller, id);
  }

  @FieldResolver(() => Money, { nullable: true, description: "The order's subtotal it needs; null: any" })
  minimumSubtotal(@Root() discount: Discount, @Ctx() { services }: GraphQLContext): Money | null {
    return discount.minimumSubtotalAmount === null ? null : services.shop.money(discount.minimumSubtotalAmount);
  }
}
