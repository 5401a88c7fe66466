/** Discount codes: staff's rules, a shopper's code checked and priced through the pricing seam. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { Discount, DiscountUse } from './discount.entity';
import { DiscountsResolver } from './discounts.resolver';
import { discountsWork } from './discounts.work';

export const discountsModule = keenModule({
  name: 'discounts',
  entities: [Discount, DiscountUse],
  resolvers: [DiscountsResolver],
  work: discountsWork,
});

export type { DiscountsService, RedeemedCode } from './discounts.service';
