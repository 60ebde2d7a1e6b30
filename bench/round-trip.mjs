/**
 * What one database round trip costs the shop's process: a node-postgres client runs the trivial prepared
 * statement `select $1::int` BENCH_QUERIES (20,000) times, one after another, over TCP (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and over the Unix socket (BENCH_PG_SOCKET_URL, default the same
 * server at /var/run/postgresql), after 2,000 to warm up, and prints per query the wall time and the client's CPU
 * time (user and system, microseconds, from process.cpuUsage). Every round trip a request saves is worth about
 * that much of the shop's CPU, whatever the statement (bench/README.md, "Round trips").
 *
 *   node bench/round-trip.mjs
 */
import pg from 'pg';

const queries = Number(process.env.BENCH_QUERIES ?? 20_000);
const targets = {
  tcp: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  unix: process.env.BENCH_PG_SOCKET_URL ?? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql',
};

/** Runs `count` round trips on `client`; returns microseconds per query: wall, user and system CPU. */
async function roundTrips(client, count) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++)
    await client.query({ name: 'round_trip', text: 'select $1::int as x', values: [i] });
  const used = process.cpuUsage(cpu);
  return {
    wallUs: ((performance.now() - started) * 1000) / count,
    userUs: used.user / count,
    systemUs: used.system / count,
  };
}

const rows = [];
for (const [transport, url] of Object.entries(targets)) {
  const client = new pg.Client(url);
  await client.connect();
  await roundTrips(client, 2_000);
  const { wallUs, userUs, systemUs } = await roundTrips(client, queries);
  await client.end();
  rows.push({
    transport,
    'wall µs': wallUs.toFixed(1),
    'user µs': userUs.toFixed(1),
    'system µs': systemUs.toFixed(1),
    'CPU µs': (userUs + systemUs).toFixed(1),
  });
}
console.table(rows);
