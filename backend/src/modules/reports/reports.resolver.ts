import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context';
import { Overview } from './overview.types';

@Resolver()
export class ReportsResolver {
  @Query(() => Overview, { description: 'Admin only: sales of the last 30 days, paid vs unpaid orders, low-stock products' })
  overview(@Ctx() { caller, services }: RequestContext): Promise<Overview> {
    return services.reports.overview(caller);
  }
}
