import { Counter, Histogram, Registry } from 'prom-client';
import { RequestSeries } from '../../src/common/request-series';

/** Keen's request series are scraped exactly as prom-client's own counter and histogram of the same counts. */
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const OBSERVED: [method: string, route: string, seconds: number][] = [
  ['GET', '/api/products', 0.003],
  ['GET', '/api/products', 0.005],
  ['GET', '/api/products', 0.07],
  ['POST', '/graphql', 0.25],
  ['POST', '/graphql', 2.5],
  ['GET', '/api (unmatched)', 0.0001],
];

test('a histogram and a counter read as prom-client reads its own', async () => {
  const ours = new Registry();
  const theirs = new Registry();
  const duration = new RequestSeries<'method' | 'route'>(ours, 'keen_duration_seconds', 'Time', 'histogram', BOUNDS);
  const requests = new RequestSeries<'method' | 'route'>(ours, 'keen_requests_total', 'Requests', 'counter');
  const theirDuration = new Histogram({
    name: 'keen_duration_seconds',
    help: 'Time',
    labelNames: ['method', 'route'],
    buckets: BOUNDS,
    registers: [theirs],
  });
  const theirRequests = new Counter({
    name: 'keen_requests_total',
    help: 'Requests',
    labelNames: ['method', 'route'],
    registers: [theirs],
  });
  for (const [method, route, seconds] of OBSERVED) {
    duration.add(`${method}\u0000${route}`, () => ({ method, route }), seconds);
    requests.add(`${method}\u0000${route}`, () => ({ method, route }), 1);
    theirDuration.observe({ method, route }, seconds);
    theirRequests.inc({ method, route });
  }
  const text = await ours.metrics();
  expect(text).toBe(await theirs.metrics());
  expect(text).toContain('keen_duration_seconds_bucket{le="0.005",method="GET",route="/api/products"} 2');
  expect(text).toContain('keen_duration_seconds_bucket{le="+Inf",method="POST",route="/graphql"} 2');
  expect(text).toContain('keen_requests_total{method="GET",route="/api/products"} 3');

  ours.resetMetrics();
  expect(await ours.metrics()).not.toContain('keen_requests_total{');
});
