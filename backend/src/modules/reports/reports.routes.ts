import type { Request, Response, Router } from 'express';
import { SortDirection } from '../../common/list';
import { handle } from '../../common/rest';
import { oneOf, yesNo } from '../../common/rest-shapes';
import type { Services } from '../../services';
import { type Caller, requireAdmin } from '../auth/caller';
import { ProductSortField } from '../catalog/product.inputs';
import { OrderState, OrderStatus } from '../orders/order.entity';
import { OrderSortField } from '../orders/order.inputs';
import { Role } from '../users/user.entity';
import { UserSortField } from '../users/user.inputs';

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
export function registerReportsRoutes(router: Router, services: Services): void {
  const csv = (filename: string, rows: (req: Request, caller: Caller) => AsyncGenerator<string>) =>
    router.get(
      `/admin/export/${filename}`,
      handle(services, (req, res, { caller }) => {
        // The query is read after the caller check: anonymous is 401 before a bad filter's 400.
        requireAdmin(caller);
        return sendCsv(res, filename, rows(req, caller));
      }),
    );

  csv('orders.csv', (req, caller) =>
    services.reports.exportOrders(caller, {
      ...searchAndSort(req, OrderSortField),
      state: oneOf(req, 'state', OrderState),
      status: oneOf(req, 'status', OrderStatus),
      paid: yesNo(req, 'paid'),
      engraved: yesNo(req, 'engraved'),
    }),
  );
  csv('products.csv', (req, caller) =>
    services.reports.exportProducts(caller, { ...searchAndSort(req, ProductSortField), lowStock: yesNo(req, 'lowStock') }),
  );
  csv('users.csv', (req, caller) =>
    services.reports.exportUsers(caller, { ...searchAndSort(req, UserSortField), role: oneOf(req, 'role', Role) }),
  );
}
