import { z } from 'zod';
import { MAX_SEARCH_LENGTH, SortDirection } from '../../common/list';
import { oneOf, type QueryOf, yesNo } from '../../http-kit/query';
import { sendCsv } from '../../http-kit/csv';
import type { Caller } from '../auth/caller';
import type { RestRoutes } from '../auth/request-context';
import { Role } from '../auth/role';
import type { ApiKeyScope } from '../auth/scopes';
import { ProductSortField } from '../catalog/product.inputs';
import { OrderState, OrderStatus } from '../orders/order.entity';
import { OrderSortField } from '../orders/order.inputs';
import { UserSortField } from '../users/user.inputs';
import type { ReportsService } from './reports.service';

type Services = { reports: ReportsService };
type Routes = RestRoutes<Services>;

function text(req: QueryOf, name: string): string | undefined {
  const raw = req.query[name];
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

/** A grid's search and sort, as its GraphQL list takes them. */
const searchAndSort = <F extends string>(req: QueryOf, sortFields: Record<string, F>) => ({
  search: text(req, 'search'),
  sortBy: oneOf(req, 'sortBy', sortFields),
  sortDirection: oneOf(req, 'sortDirection', SortDirection),
});

const searchAndSortQuery = <F extends string>(sortFields: Record<string, F>) => ({
  search: z.string().max(MAX_SEARCH_LENGTH).optional().describe('Case-insensitive text search'),
  sortBy: z.enum(sortFields).optional().describe("A sort field of the grid (default: the grid's own order)"),
  sortDirection: z.enum(SortDirection).optional().describe('ASC or DESC'),
});

const yesNoQuery = (description: string) => z.enum(['true', 'false', '1', '0']).optional().describe(description);

/** A CSV download of every row matching a grid's filter: the same arguments as the GraphQL list. */
function csvExport(
  grid: 'order' | 'product' | 'user',
  scope: ApiKeyScope,
  query: z.ZodObject,
  rows: (req: QueryOf, caller: Caller, services: Services) => AsyncGenerator<string>,
): Routes[number] {
  const filename = `${grid}s.csv`;
  return {
    method: 'GET',
    path: `/admin/export/${filename}`,
    tag: 'Reports',
    summary: `Every ${grid} matching the admin grid's filter, as CSV (admin)`,
    access: { allow: 'admin', key: scope },
    query,
    answer: z.string().describe(`CSV (RFC 4180, CRLF lines), a header row first; sent as the attachment ${filename}`),
    answerType: 'text/csv',
    work: (req, res, { caller, services }) => sendCsv(req, res, filename, rows(req, caller, services)),
  };
}

/** CSV downloads of the admin grids, for admins and API keys with the grid's read scope. */
export const reportsRoutes: Routes = [
  csvExport(
    'order',
    'orders:read',
    z.object({
      ...searchAndSortQuery(OrderSortField),
      state: z.enum(OrderState).optional().describe('Only orders in this state'),
      status: z.enum(OrderStatus).optional().describe('Pending or Shipped'),
      paid: yesNoQuery('true or false'),
      engraved: yesNoQuery('true (any engraved line) or false (no engraved line)'),
    }),
    (req, caller, services) =>
      services.reports.exportOrders(caller, {
        ...searchAndSort(req, OrderSortField),
        state: oneOf(req, 'state', OrderState),
        status: oneOf(req, 'status', OrderStatus),
        paid: yesNo(req, 'paid'),
        engraved: yesNo(req, 'engraved'),
      }),
  ),
  csvExport(
    'product',
    'catalog:read',
    z.object({ ...searchAndSortQuery(ProductSortField), lowStock: yesNoQuery('true: only products at or below their minimum quantity') }),
    (req, caller, services) =>
      services.reports.exportProducts(caller, { ...searchAndSort(req, ProductSortField), lowStock: yesNo(req, 'lowStock') }),
  ),
  csvExport(
    'user',
    'users:read',
    z.object({ ...searchAndSortQuery(UserSortField), role: z.enum(Role).optional().describe('admin or user') }),
    (req, caller, services) =>
      services.reports.exportUsers(caller, { ...searchAndSort(req, UserSortField), role: oneOf(req, 'role', Role) }),
  ),
];
