import type { DeclareWork } from '../../events/work';
import type { DiscountsService } from './discounts.service';

/** An order cancelled or expired unpaid gives its use of a discount code back, once that is committed. */
export const discountsWork: DeclareWork<{ discounts: DiscountsService }> = ({ discounts }) => ({
  subscribers: [
    {
      name: 'discount-uses',
      events: ['order.cancelled', 'order.expired'],
      inOrder: false,
      handle: (event) => discounts.releaseUseOf(event.aggregateId),
    },
  ],
});
