/**
 * The one OrderService of the app, decorated as `app.orders` for the order and payment routes, and the
 * per-process sweep that expires unpaid orders whose stock hold ran out (docs/decisions/012): at start, then
 * every SWEEP_INTERVAL_MS, in processes that run jobs (`config.jobWorkers`). Several processes may sweep at once:
 * each skips the rows another holds, and each order expires once.
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { createOrderMailer } from './order-mail.js';
import { createOrderService, type OrderService } from './order-service.js';

/** How often each process looks for expired holds: a minute (a hold is at least a minute long). */
export const SWEEP_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Order use cases (order-service.ts). */
    orders: OrderService;
  }
}

export interface OrdersPluginOptions {
  config: Pick<
    Config,
    | 'orderHoldMinutes'
    | 'approvalHoldHours'
    | 'maxUnpaidOrders'
    | 'taxRateBasisPoints'
    | 'shopName'
    | 'jobWorkers'
  >;
}

/** Registers `app.orders` and (with `config.jobWorkers`) the expiry sweep, which stops (and is awaited) when the app closes. */
export const ordersPlugin = fp<OrdersPluginOptions>(
  async (app, { config }) => {
    const orders = createOrderService({
      db: app.database.db,
      payments: app.payments,
      cart: app.cart,
      catalogChanges: app.catalog,
      holdMinutes: config.orderHoldMinutes,
      approvalHoldHours: config.approvalHoldHours,
      maxUnpaidOrders: config.maxUnpaidOrders,
      taxRateBasisPoints: config.taxRateBasisPoints,
      mailer: createOrderMailer(app.mail, config.shopName),
      priceBooks: app.priceBooks,
      shipping: app.shipping,
    });
    app.decorate('orders', orders);
    // The sweep is a job: only processes that run jobs sweep (JOB_WORKERS; never PROCESS_ROLE=web).
    if (!config.jobWorkers) return;

    let running: Promise<void> = Promise.resolve();
    const sweep = () => {
      running = running.then(async () => {
        try {
          const expired = await orders.expireStaleOrders();
          if (expired > 0) app.log.info({ expired }, 'unpaid orders expired; their stock is back');
        } catch (error) {
          app.log.warn({ err: error }, 'expiring unpaid orders failed; retrying at the next sweep');
        }
      });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'orders', dependencies: ['identity', 'cart', 'mail', 'trade-terms', 'shipping'] },
);
