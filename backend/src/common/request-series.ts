import type { Metric, Registry } from 'prom-client';

interface Counts<Label extends string> {
  labels: Record<Label, string>;
  /** Values counted per bucket (a histogram's; the last is above every bound). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * A counter or histogram of requests by label set, counted without prom-client's work on each
 * call (it checks and hashes the label object every time: about a twentieth of a GraphQL request's
 * CPU for the four series every request counts). prom-client formats it at scrape time as its own
 * metrics, from `get()`.
 */
export class RequestSeries<Label extends string> {
  readonly aggregator = 'sum';
  private readonly kept = new Map<string, Counts<Label>>();

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'histogram',
    /** A histogram's bucket bounds, ascending. */
    private readonly bounds: readonly number[] = [],
  ) {
    // Registered as prom-client reads a metric (name, help, type, get, reset); its Metric type is its own classes.
    registry.registerMetric(this as unknown as Metric<Label>);
  }

  /**
   * Counts `value` (seconds for a histogram, 1 for a counter) under the label set that `key` names
   * (one string per label set: series are few, route patterns and schema fields); `labels` makes
   * the labels the first time the key is seen.
   */
  add(key: string, labels: () => Record<Label, string>, value: number): void {
    let counts = this.kept.get(key);
    if (!counts)
      this.kept.set(key, (counts = { labels: labels(), buckets: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 }));
    let bucket = 0;
    while (bucket < this.bounds.length && value > this.bounds[bucket]) bucket += 1;
    counts.buckets[bucket] += 1;
    counts.sum += value;
    counts.count += 1;
  }

  async get() {
    const values: { labels: Record<string, string | number>; value: number; metricName?: string }[] = [];
    for (const { labels, buckets, sum, count } of this.kept.values()) {
      if (this.type === 'counter') {
        values.push({ labels, value: sum });
        continue;
      }
      let below = 0;
      this.bounds.forEach((bound, index) => {
        below += buckets[index];
        values.push({ labels: { le: bound, ...labels }, value: below, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.kept.clear();
  }
}
