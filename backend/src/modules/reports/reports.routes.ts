import { z } from 'zod';
import { MAX_SEARCH_LENGTH, SortDirection } from '../../common/list';
import { param } from '../../http-kit/query';
import { sendCsv } from '../../http-kit/csv';
import type { RouteRequest } from '../../http-kit/routes';
import { type Caller, restRoute, type RestRoutes, Role, type ApiKeyScope } from '../auth';
import { ProductSortField } from '../catalog';
import { OrderState, OrderStatus, OrderSortField } from '../orders';
import { UserSortField } from '../users';
import type { ReportsService } from './reports.service';

type Services = { reports: ReportsService };
type Routes = RestRoutes<Services>;
const route = restRoute<Services>();

/** A grid's search and sort, as its GraphQL list takes them. */
const searchAndSortQuery = <F extends string>(sortFields: Record<string, F>) => ({
  search: param.nonEmptyText().describe(`Case-insensitive text search, at most ${MAX_SEARCH_LENGTH} characters`),
  sortBy: param.oneOf(sortFields).describe("A sort field of the grid (default: the grid's own order)"),
  sortDirection: param.oneOf(SortDirection).describe('ASC or DESC'),
});

/** A CSV download of every row matching a grid's filter (its declared query: the same arguments as the GraphQL list). */
function csvExport<Query extends z.ZodObject>(
  grid: 'order' | 'product' | 'user',
  scope: ApiKeyScope,
  query: Query,
  rows: (filter: RouteRequest<undefined, Query>['query'], caller: Caller, services: Services) => AsyncGenerator<string>,
): Routes[number] {
  const filename = `${grid}s.csv`;
  return route({
    method: 'GET',
    path: `/admin/export/${filename}`,
    tag: 'Reports',
    summary: `Every ${grid} matching the admin grid's filter, as CSV (admin)`,
    access: { allow: 'admin', key: scope },
    query,
    answer: z.string().describe(`CSV (RFC 4180, CRLF lines), a header row first; sent as the attachment ${filename}`),
    answerType: 'text/csv',
    work: (req, res, { caller, services }) => sendCsv(req, res, filename, rows(req.query, caller, services)),
  });
}

/** CSV downloads of the admin grids, for admins and API keys with the grid's read scope. */
export const reportsRoutes: Routes = [
  csvExport(
    'order',
    'orders:read',
    z.object({
      ...searchAndSortQuery(OrderSortField),
      state: param.oneOf(OrderState).describe('Only orders in this state'),
      status: param.oneOf(OrderStatus).describe('Pending or Shipped'),
      paid: param.yesNo().describe('true or false'),
      engraved: param.yesNo().describe('true (any engraved line) or false (no engraved line)'),
    }),
    (filter, caller, services) => services.reports.exportOrders(caller, filter),
  ),
  csvExport(
    'product',
    'catalog:read',
    z.object({
      ...searchAndSortQuery(ProductSortField),
      lowStock: param.yesNo().describe('true: only products at or below their minimum quantity'),
    }),
    (filter, caller, services) => services.reports.exportProducts(caller, filter),
  ),
  csvExport(
    'user',
    'users:read',
    z.object({ ...searchAndSortQuery(UserSortField), role: param.oneOf(Role).describe('admin or user') }),
    (filter, caller, services) => services.reports.exportUsers(caller, filter),
  ),
];
