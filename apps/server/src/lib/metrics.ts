/**
 * The process's shop counters for Prometheus (docs/operations.md "Metrics and logs", docs/decisions/026): what the
 * order, payment and mail code counts as it happens, in one registry per process, plus Node's process metrics once
 * metrics are switched on. The app's own gauges (HTTP, database pool, queues, search index) live in
 * modules/metrics, which serves both registries at GET /metrics. An increment is a few hundred nanoseconds and
 * writes nothing, so counting is always on; only serving them is configured.
 */
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/** The registry of this process's counters and, once enableProcessMetrics() ran, Node's process metrics. */
export const processRegistry = new Registry();

/** The shop's counters; each name and label is listed in docs/operations.md "Metrics and logs". */
export const shopMetrics = {
  /** Orders placed (not replays of an Idempotency-Key), by route: `order` (one part) or `checkout` (the cart). */
  ordersPlaced: new Counter({
    name: 'partsforge_orders_placed_total',
    help: 'Orders placed, by route (order: POST /api/order, checkout: POST /api/checkout); replays not counted',
    labelNames: ['route'] as const,
    registers: [processRegistry],
  }),
  /** Checkouts (POST /api/order and /api/checkout) answered with an error, by route and error code. */
  checkoutsRefused: new Counter({
    name: 'partsforge_checkouts_refused_total',
    help: 'Checkouts answered with an error, by route and reason (the API error code)',
    labelNames: ['route', 'reason'] as const,
    registers: [processRegistry],
  }),
  /** Payments: `paid` (an order became paid) and `refunded` (a payment given back), by where it was confirmed. */
  payments: new Counter({
    name: 'partsforge_payments_total',
    help: 'Payments by outcome (paid, refunded) and source (customer: PATCH /api/order/{id}, webhook)',
    labelNames: ['outcome', 'source'] as const,
    registers: [processRegistry],
  }),
  /** Emails the delivery worker handed to SMTP (or wrote as .eml), by kind. */
  mailsSent: new Counter({
    name: 'partsforge_mails_sent_total',
    help: 'Emails delivered by this process, by kind',
    labelNames: ['kind'] as const,
    registers: [processRegistry],
  }),
  /** Failed delivery attempts, by kind and whether the message is retried (`final` "true": given up). */
  mailsFailed: new Counter({
    name: 'partsforge_mails_failed_total',
    help: 'Failed email delivery attempts, by kind and final (true: given up, no retry)',
    labelNames: ['kind', 'final'] as const,
    registers: [processRegistry],
  }),
  /** Database statements that failed, by SQLSTATE (`unknown` when the driver gave none: connection errors). */
  dbStatementErrors: new Counter({
    name: 'partsforge_db_statement_errors_total',
    help: 'Database statements that failed, by SQLSTATE code (unknown: no code, e.g. a lost connection)',
    labelNames: ['code'] as const,
    registers: [processRegistry],
  }),
};

let processMetricsOn = false;

/**
 * Adds Node's process metrics (CPU, memory, event loop lag, GC, handles: prom-client's collectDefaultMetrics, less
 * its three gauges named `*_total`) to processRegistry, once per process; called when an app serves metrics, so a shop without metrics does not sample
 * its event loop.
 */
export function enableProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: processRegistry });
  // Gauges named like counters, which `promtool check metrics` rejects; their by-type series (nodejs_active_handles,
  // nodejs_active_requests, nodejs_active_resources) stay.
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    processRegistry.removeSingleMetric(name);
}

/** A job queue's backlog at scrape time: jobs due or waiting, and how long the oldest has waited (0 when empty). */
export interface QueueStats {
  depth: number;
  oldestAgeSeconds: number;
}
