import type { ApolloServerPlugin } from '@apollo/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { RequestSeries } from './request-series';

/**
 * Prometheus metrics of this process, served at `/metrics` when METRICS_TOKEN is set. One registry
 * per process; services count their events with `metrics.<name>.inc()`.
 */
export const registry = new Registry();
// Process memory, CPU, event-loop lag and handles, as keen_process_* and keen_nodejs_*.
collectDefaultMetrics({ register: registry, prefix: 'keen_' });

const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  httpRequests: new RequestSeries<'method' | 'route' | 'status'>(
    registry,
    'keen_http_requests_total',
    'HTTP requests answered, by method, route and status',
    'counter',
  ),
  httpDuration: new RequestSeries<'method' | 'route'>(
    registry,
    'keen_http_request_duration_seconds',
    'Time to answer an HTTP request, by method and route',
    'histogram',
    durationBuckets,
  ),
  graphqlOperations: new RequestSeries<'operation' | 'outcome'>(
    registry,
    'keen_graphql_operations_total',
    'GraphQL operations, by operation (type and first root field) and outcome',
    'counter',
  ),
  graphqlDuration: new RequestSeries<'operation'>(
    registry,
    'keen_graphql_operation_duration_seconds',
    'Time to answer a GraphQL operation, by operation (type and first root field)',
    'histogram',
    durationBuckets,
  ),
  ordersPlaced: new Counter({ name: 'keen_orders_placed_total', help: 'Orders placed', registers: [registry] }),
  paymentsSucceeded: new Counter({ name: 'keen_payments_succeeded_total', help: 'Payments recorded as succeeded', registers: [registry] }),
  paymentsFailed: new Counter({
    name: 'keen_payments_failed_total',
    help: 'Payments refused: declined cards, or intents that did not succeed or did not match the order',
    registers: [registry],
  }),
  /** Counted by the abuse limiter each time it answers 429. */
  rateLimitRefusals: new Counter({
    name: 'keen_rate_limit_refusals_total',
    help: 'Requests refused with 429 by the abuse limits',
    registers: [registry],
  }),
  readCache: new RequestSeries<'result'>(
    registry,
    'keen_read_cache_total',
    'Public reads by anonymous callers answered from the read cache (hit) or from the database (miss)',
    'counter',
  ),
};

/** Pool gauges read the pool of this database at scrape time. */
export function watchPool(db: DataSource): void {
  const pool = () => (db.driver as unknown as { master?: { totalCount: number; idleCount: number; waitingCount: number } }).master;
  registry.removeSingleMetric('keen_db_pool_in_use');
  registry.removeSingleMetric('keen_db_pool_waiting');
  new Gauge({
    name: 'keen_db_pool_in_use',
    help: 'Database connections checked out of the pool',
    registers: [registry],
    collect() {
      const current = pool();
      this.set(current ? current.totalCount - current.idleCount : 0);
    },
  });
  new Gauge({
    name: 'keen_db_pool_waiting',
    help: 'Queries waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(pool()?.waitingCount ?? 0);
    },
  });
}

const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** Counts one answered request to `route`, begun at `started` (performance.now()). */
export function countAnswered(method: string, route: string, status: number, started: number): void {
  const key = `${method}\u0000${route}`;
  metrics.httpDuration.add(key, () => ({ method, route }), secondsSince(started));
  metrics.httpRequests.add(`${key}\u0000${status}`, () => ({ method, route, status: String(status) }), 1);
}

const MOUNTS = ['/graphql', '/uploads', '/images', '/metrics', '/healthz', '/readyz', '/config.json'];

/** What Express's routing leaves on a request it answered: its matched route and where it is mounted. */
export type RoutedRequest = IncomingMessage & Partial<Pick<Request, 'route' | 'baseUrl' | 'originalUrl'>>;

/**
 * The route label of a request Express answered, read once it is answered: the matched route
 * pattern, never the raw path, so that ids in URLs do not make a series each.
 */
export function routeOf(req: RoutedRequest, res: ServerResponse): string {
  if (req.route?.path && typeof req.route.path === 'string') return `${req.baseUrl ?? ''}${req.route.path}`;
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  const mount = MOUNTS.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (mount) return mount;
  if (path.startsWith('/api/')) return '/api (unmatched)';
  return res.statusCode === 404 ? '(not found)' : '(client)';
}

/**
 * An operation's label in the GraphQL metrics: its type and first root field (`query products`),
 * names from the schema, not the client's operation name, so a client cannot make series without end.
 */
export function graphqlOperationLabel(definition: OperationDefinitionNode): string {
  const field = definition.selectionSet.selections.find((selection) => selection.kind === Kind.FIELD);
  return `${definition.operation} ${field?.kind === Kind.FIELD ? field.name.value : '(fragment)'}`;
}

/** Counts one GraphQL operation (`graphqlOperationLabel`), begun at `started` (performance.now()). */
function countGraphQLOperation(operation: string, started: number, failed: boolean): void {
  const outcome = failed ? 'error' : 'ok';
  metrics.graphqlDuration.add(operation, () => ({ operation }), secondsSince(started));
  metrics.graphqlOperations.add(`${operation}\u0000${outcome}`, () => ({ operation, outcome }), 1);
}

/** Counts every GraphQL operation answered: by Apollo's pipeline, by the GraphQL endpoint itself or from the read cache (app/apollo.ts). */
export const graphqlMetricsPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    const started = performance.now();
    let operation = '(invalid)';
    return {
      async didResolveOperation({ operation: definition }) {
        if (definition) operation = graphqlOperationLabel(definition);
      },
      async willSendResponse({ response }) {
        countGraphQLOperation(operation, started, response.body.kind === 'single' && Boolean(response.body.singleResult.errors?.length));
      },
    };
  },
};
