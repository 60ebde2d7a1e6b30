/**
 * The load: autocannon at `connections` for `seconds`, each request's path from `next()`, every response's
 * latency recorded so that the percentiles are exact; the server's peak resident memory sampled meanwhile.
 */
import autocannon from 'autocannon';
import { sampleRss } from './shop.mjs';

/** The `p`-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Loads `url` and resolves to `{ requestsPerSecond, p50, p95, p97_5, p99, errors, rssMb }` (latencies in ms;
 * errors: connection errors, timeouts and answers other than 2xx). `pid`: the server process to sample;
 * `headers`: sent with every request (e.g. an admin's Authorization).
 */
export async function runLoad({ url, next, seconds, connections, pid, headers }) {
  const latencies = [];
  const rss = pid ? sampleRss(pid) : undefined;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
    ...(headers ? { headers } : {}),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const rssMb = rss?.stop();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result['2xx'] / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p97_5: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    errors: result.errors + result.non2xx, // autocannon counts its timeouts among its errors
    rssMb,
  };
}
