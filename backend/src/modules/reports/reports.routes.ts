import type { Request, Response, Router } from 'express';
import { SortDirection } from '../../common/list';
import type { Handlers } from '../../http-kit/handle';
import { oneOf, yesNo } from '../../http-kit/query';
import { type Caller, requireAdmin } from '../auth/caller';
import type { RestContextOf } from '../auth/request-context';
import type { ReportsService } from './reports.service';
import { ProductSortField } from '../catalog/product.inputs';
import { OrderState, OrderStatus } from '../orders/order.entity';
import { OrderSortField } from '../orders/order.inputs';
import { Role } from '../auth/role';
import { UserSortField } from '../users/user.inputs';
import { type ApiKeyScope, keyScope } from '../auth/scopes';

type Services = { reports: ReportsService };
type RestContext = RestContextOf<Services>;

function text(req: Request, name: string): string | undefined {
  const raw = req.query[name];
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

async function sendCsv(res: Response, filename: string, rows: AsyncGenerator<string>): Promise<void> {
  // Read the first row (the header plus the first page) before committing to a 200.
  const first = await rows.next();
  res.status(200).type('text/csv; charset=utf-8').attachment(filename).setHeader('cache-control', 'no-store');
  if (!first.done) res.write(first.value);
  try {
    for await (const row of rows) {
      if (!res.write(row)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  } catch (error) {
    // The 200 is already sent: cut the download short so it cannot pass for a complete file.
    res.req.log.error({ err: error }, 'CSV export failed');
    res.destroy();
  }
}

/** A grid's search and sort, as its GraphQL list takes them. */
const searchAndSort = <F extends string>(req: Request, sortFields: Record<string, F>) => ({
  search: text(req, 'search'),
  sortBy: oneOf(req, 'sortBy', sortFields),
  sortDirection: oneOf(req, 'sortDirection', SortDirection),
});

/** CSV downloads of every row matching a grid's filter: the same arguments as the GraphQL lists. */
export function registerReportsRoutes(router: Router, { handle }: Handlers<RestContext>): void {
  const csv = (filename: string, scope: ApiKeyScope, rows: (req: Request, caller: Caller, services: Services) => AsyncGenerator<string>) =>
    router.get(
      `/admin/export/${filename}`,
      keyScope(scope),
      handle((req, res, { caller, services }) => {
        // The query is read after the caller check: anonymous is 401 before a bad filter's 400.
        requireAdmin(caller);
        return sendCsv(res, filename, rows(req, caller, services));
      }),
    );

  csv('orders.csv', 'orders:read', (req, caller, services) =>
    services.reports.exportOrders(caller, {
      ...searchAndSort(req, OrderSortField),
      state: oneOf(req, 'state', OrderState),
      status: oneOf(req, 'status', OrderStatus),
      paid: yesNo(req, 'paid'),
      engraved: yesNo(req, 'engraved'),
    }),
  );
  csv('products.csv', 'catalog:read', (req, caller, services) =>
    services.reports.exportProducts(caller, { ...searchAndSort(req, ProductSortField), lowStock: yesNo(req, 'lowStock') }),
  );
  csv('users.csv', 'users:read', (req, caller, services) =>
    services.reports.exportUsers(caller, { ...searchAndSort(req, UserSortField), role: oneOf(req, 'role', Role) }),
  );
}
