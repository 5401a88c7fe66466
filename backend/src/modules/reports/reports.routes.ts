import type { Request, Response, Router } from 'express';
import { SortDirection } from '../../common/list';
import { handle } from '../../common/rest';
import { oneOf, yesNo } from '../../common/rest-shapes';
import type { Services } from '../../services';
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

/** CSV downloads of every row matching a grid's filter: the same arguments as the GraphQL lists. */
export function registerReportsRoutes(router: Router, services: Services): void {
  router.get(
    '/admin/export/orders.csv',
    handle(services, (req, res, { caller }) =>
      sendCsv(
        res,
        'orders.csv',
        services.reports.exportOrders(caller, {
          search: text(req, 'search'),
          state: oneOf(req, 'state', OrderState),
          status: oneOf(req, 'status', OrderStatus),
          paid: yesNo(req, 'paid'),
          engraved: yesNo(req, 'engraved'),
          sortBy: oneOf(req, 'sortBy', OrderSortField),
          sortDirection: oneOf(req, 'sortDirection', SortDirection),
        }),
      ),
    ),
  );

  router.get(
    '/admin/export/products.csv',
    handle(services, (req, res, { caller }) =>
      sendCsv(
        res,
        'products.csv',
        services.reports.exportProducts(caller, {
          search: text(req, 'search'),
          lowStock: yesNo(req, 'lowStock'),
          sortBy: oneOf(req, 'sortBy', ProductSortField),
          sortDirection: oneOf(req, 'sortDirection', SortDirection),
        }),
      ),
    ),
  );

  router.get(
    '/admin/export/users.csv',
    handle(services, (req, res, { caller }) =>
      sendCsv(
        res,
        'users.csv',
        services.reports.exportUsers(caller, {
          search: text(req, 'search'),
          role: oneOf(req, 'role', Role),
          sortBy: oneOf(req, 'sortBy', UserSortField),
          sortDirection: oneOf(req, 'sortDirection', SortDirection),
        }),
      ),
    ),
  );
}
