import { Ctx, Query, Resolver } from 'type-graphql';
import { type GraphQLContextOf, Allow } from '../auth';
import type { ReportsService } from './reports.service';
import { Overview } from './overview.types';

type GraphQLContext = GraphQLContextOf<{ reports: ReportsService }>;

@Resolver()
export class ReportsResolver {
  @Allow({ allow: 'admin', key: 'reports:read' })
  @Query(() => Overview, {
    description: 'Admin only: sales of the last 30 days, paid vs unpaid orders, low-stock products, units sold by product',
  })
  overview(@Ctx() { caller, services }: GraphQLContext): Promise<Overview> {
    return services.reports.overview(caller);
  }
}
