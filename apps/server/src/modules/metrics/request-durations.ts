/**
 * The request duration histogram `partsforge_http_request_duration_seconds` (docs/operations.md "Metrics and logs",
 * docs/decisions/026-metrics-and-logs.md). It is observed on every request, the catalogue hot path included. A
 * prom-client Histogram builds a string of its labels to find the series on every observation (about half a
 * microsecond). This one finds the series through nested maps keyed by the route pattern, the method and the status
 * (strings and numbers Fastify already holds) and adds to plain counts. prom-client formats it like any histogram,
 * since get() returns the same buckets, sums and counts its own would.
 */
import { Histogram, type Registry } from 'prom-client';

/** The histogram's name. */
export const REQUEST_DURATIONS_NAME = 'partsforge_http_request_duration_seconds';

const HELP =
  'HTTP requests by route pattern, method and status, and their duration in seconds (_count: requests)';

/** Upper bounds of the buckets in seconds: 5 ms .. 10 s (the catalogue answers in about a millisecond). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Label = 'route' | 'method' | 'status';

/** One series: its labels, per-bucket (not cumulative) counts, the sum and the count. */
interface Series {
  labels: Record<Label, string>;
  buckets: number[];
  sum: number;
  count: number;
}

/** The histogram; record() is its observation. */
export class RequestDurations extends Histogram<Label> {
  /** The series by route, method and status; made by reset(), which prom-client's constructor calls. */
  declare private series: Map<string, Map<string, Map<number, Series>>>;

  constructor(registry: Registry) {
    super({
      name: REQUEST_DURATIONS_NAME,
      help: HELP,
      labelNames: ['route', 'method', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
  }

  /** Observes one request of `route` (its pattern), `method` and `status` that took `seconds`. */
  record(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { route, method, status: String(status) },
        buckets: DURATION_BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    if (bucket < DURATION_BUCKETS.length) series.buckets[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The samples as prom-client's own histogram gives them: cumulative buckets, `+Inf`, `_sum` and `_count`. */
  override async get(): ReturnType<Histogram<Label>['get']> {
    const values = [];
    for (const byMethod of this.series.values())
      for (const byStatus of byMethod.values())
        for (const { labels, buckets, sum, count } of byStatus.values()) {
          let cumulative = 0;
          DURATION_BUCKETS.forEach((bound, index) => {
            cumulative += buckets[index]!;
            values.push({
              labels: { ...labels, le: bound },
              value: cumulative,
              metricName: `${REQUEST_DURATIONS_NAME}_bucket`,
            });
          });
          values.push(
            {
              labels: { ...labels, le: '+Inf' },
              value: count,
              metricName: `${REQUEST_DURATIONS_NAME}_bucket`,
            },
            { labels, value: sum, metricName: `${REQUEST_DURATIONS_NAME}_sum` },
            { labels, value: count, metricName: `${REQUEST_DURATIONS_NAME}_count` },
          );
        }
    // What prom-client's registry reads of a histogram (its typings also name fields the registry does not use).
    return {
      name: REQUEST_DURATIONS_NAME,
      help: HELP,
      type: 'histogram',
      aggregator: 'sum',
      values,
    } as unknown as Awaited<ReturnType<Histogram<Label>['get']>>;
  }

  /** What the registry reads when it writes the text format: the same as get(). */
  getForPromString(): ReturnType<Histogram<Label>['get']> {
    return this.get();
  }

  /** Forgets every series (also what makes the first, from prom-client's constructor). */
  override reset(): void {
    this.series = new Map();
  }
}
