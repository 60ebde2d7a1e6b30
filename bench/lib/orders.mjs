/**
 * Orders at wholesale scale for the benchmarks (bench:dashboard, bench:backup): written straight into the database
 * with two `generate_series` statements, not through the API.
 */

/** The status of order n is STATUSES[n % 10]: 60% paid (pending or shipped), the rest unpaid, cancelled or expired. */
const STATUSES = [
  'pending',
  'shipped',
  'shipped',
  'unpaid',
  'cancelled',
  'expired',
  'pending',
  'shipped',
  'shipped',
  'shipped',
];

const seconds = async (what) => {
  const started = performance.now();
  await what();
  return ((performance.now() - started) / 1000).toFixed(1);
};

/**
 * Writes `orderCount` orders and their lines with the `pg` client `client`: order n has status STATUSES[n % 10],
 * number 9,000,000 + n, 1 + n % 3 lines of parts spread over the catalogue by `seq`, and (when paid) a payment
 * n * 7919 minutes modulo 40 days ago. Resolves to the seconds each statement took, as strings with one decimal.
 */
export async function writeBenchOrders(client, orderCount) {
  const ordersSeconds = await seconds(() =>
    client.query(
      `insert into orders (number, line_count, quantity, product_name, total_cents, customer_name, email,
                           address, status, created_at, paid_at)
       select 9000000 + n, 1 + n % 3, (select sum(1 + (n + j) % 5) from generate_series(1, 1 + n % 3) as j),
              'Bench order ' || n,
              (select sum((1 + (n + j) % 5) * (100 + (n * 31 + j * 17) % 900)) from generate_series(1, 1 + n % 3) as j),
              'Bench Buyer', 'bench-buyer@example.com', '1 Depot Road', s.status,
              now() - interval '41 days' + (n % 1000) * interval '1 minute',
              case when s.status in ('pending', 'shipped')
                   then now() - ((n * 7919) % 57600) * interval '1 minute' end
       from generate_series(1, $1::int) as n
       cross join lateral (select ($2::text[])[n % 10 + 1] as status) as s`,
      [orderCount, STATUSES],
    ),
  );
  const linesSeconds = await seconds(() =>
    client.query(
      `insert into order_lines (order_id, line_number, part_id, sku, name, quantity, unit_price_cents,
                                line_total_cents)
       with numbered as (select id, sku, name, row_number() over (order by seq) - 1 as k from parts),
            catalogue as (select count(*) as size from parts)
       select o.id, j, p.id, p.sku, p.name, 1 + (g.n + j) % 5, 100 + (g.n * 31 + j * 17) % 900,
              (1 + (g.n + j) % 5) * (100 + (g.n * 31 + j * 17) % 900)
       from orders o
       cross join catalogue c
       cross join lateral (select (o.number - 9000000)::int as n) as g
       cross join lateral generate_series(1, o.line_count) as j
       join numbered p on p.k = (g.n * 13 + j * 7) % c.size
       where o.number > 9000000`,
    ),
  );
  return { ordersSeconds, linesSeconds };
}

/**
 * Gives the shop a trading history (with the `pg` client `client`) before an ordering benchmark's first load:
 * BENCH_HISTORY_ORDERS (default 100,000; 0 for none) past orders and their lines (writeBenchOrders; of those it leaves
 * unpaid, 500 placed now and the rest expired) and their timeline events, then `vacuum (analyze)`, as
 * autovacuum leaves a live shop. Without it, a load starts on an empty `orders` table: the foreign-key checks of
 * every row that names an order (its lines, events, stock movements, mails) are planned once per connection while
 * the table is empty, as sequential scans, and with this machine's autovacuum off no ANALYZE replans them while the
 * load grows the table (docs/decisions/022, "The bench's empty shop"). Prints what it wrote and how long it took.
 */
export async function writeOrderHistory(client) {
  const orderCount = Number(process.env.BENCH_HISTORY_ORDERS ?? 100_000);
  if (orderCount > 0) {
    const { ordersSeconds, linesSeconds } = await writeBenchOrders(client, orderCount);
    // As in a live shop, only orders placed within the hold wait for payment: 500 placed now, the rest of the
    // unpaid ones expired (else the shop's hold sweep would expire them, putting their stock back, during the load).
    // Some must stay unpaid: with none at the last ANALYZE, PostgreSQL plans the unpaid-order count of every
    // checkout as a scan of all unpaid orders (docs/decisions/022, "The bench's empty shop").
    await client.query(`update orders
      set status = case when (number - 9000000) % 200 = 3 then 'unpaid' else 'expired' end,
          created_at = case when (number - 9000000) % 200 = 3 then now() else created_at end
      where number > 9000000 and status = 'unpaid'`);
    // Their timelines: each order's placement, and its present status since it was paid (or placed). Without them
    // `order_events` is almost empty at the ANALYZE, and the prepared read of an order's events is planned once per
    // connection as a sequential scan that the load then makes slower and slower (docs/decisions/022).
    const eventsSeconds = await seconds(() =>
      client.query(`insert into order_events (order_id, status, actor_name, at)
        select id, 'unpaid', customer_name, created_at from orders where number > 9000000
        union all
        select id, status, customer_name, coalesce(paid_at, created_at) from orders
         where number > 9000000 and status <> 'unpaid'`),
    );
    console.log(
      `history: ${orderCount.toLocaleString('en-US')} past orders written in ${ordersSeconds} s, their lines in ${linesSeconds} s, their events in ${eventsSeconds} s`,
    );
  }
  await client.query('vacuum (analyze)');
}
