import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { Overview } from './overview.types';
import { KeyScope } from '../auth/scopes';

@Resolver()
export class ReportsResolver {
  @KeyScope('reports:read')
  @Query(() => Overview, { description: 'Admin only: sales of the last 30 days, paid vs unpaid orders, low-stock products' })
  overview(@Ctx() { caller, services }: GraphQLContext): Promise<Overview> {
    return services.reports.overview(caller);
  }
}
