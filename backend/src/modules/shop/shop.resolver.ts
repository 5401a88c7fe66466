import { Ctx, Query, Resolver } from 'type-graphql';
import { Allow, PublicRead, type GraphQLContextOf } from '../auth';
import type { ShopMoney } from './money';
import { ShopInfo } from './shop.types';

type GraphQLContext = GraphQLContextOf<{ shop: ShopMoney }>;

@Resolver()
export class ShopResolver {
  @Allow({ allow: 'public', key: 'catalog:read' })
  @PublicRead()
  @Query(() => ShopInfo, { description: "Anyone: the shop's name, currency, country and how its prices treat tax" })
  shop(@Ctx() { services }: GraphQLContext): ShopInfo {
    return services.shop.settings;
  }
}
