/**
 * Watches the statements of an open database from outside its driver, for metrics (docs/operations.md "Metrics and
 * logs"): how many are running or queued now, and every statement that fails with its SQLSTATE. Repositories and
 * Drizzle are unchanged: the driver's query methods are wrapped (node-postgres: each pooled client as the pool hands
 * it out; PGlite: the client and each transaction's handle).
 */
import type { Database } from './connect.js';

/** What the observer reports. */
export interface StatementObserver {
  /** A statement failed; `code` is its SQLSTATE, or undefined when the driver gave none (e.g. a lost connection). */
  failed(code: string | undefined): void;
}

/** What watchStatements returns: statements started and not yet settled (running or waiting for the database). */
export interface StatementWatch {
  readonly inFlight: number;
}

const WATCHED = Symbol('partsforge.watchedStatements');

/** One watch per database: a second app on the same database shares the first's. */
const watches = new WeakMap<Database, StatementWatch>();

type QueryMethod = (...args: unknown[]) => unknown;

/** A SQLSTATE is five digits or upper-case letters; anything else is not one. */
function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * Wraps `database`'s query methods so that `observer` hears of every failed statement, and returns the count of
 * statements in flight. A database is watched once: a later call returns the first watch (and its observer keeps
 * hearing). The cost is one settled-promise callback per statement.
 */
export function watchStatements(database: Database, observer: StatementObserver): StatementWatch {
  const existing = watches.get(database);
  if (existing) return existing;
  const watch = { inFlight: 0 };
  const failed = (error: unknown) => observer.failed(sqlStateOf(error));

  /** Replaces `target[name]` (promise- or callback-style) by a counting wrapper. */
  const wrap = (target: Record<string, unknown>, name: string) => {
    const original = target[name];
    if (typeof original !== 'function') return;
    const method = original as QueryMethod;
    target[name] = function (this: unknown, ...args: unknown[]) {
      watch.inFlight += 1;
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, ...rest: unknown[]) => {
          watch.inFlight -= 1;
          if (error) failed(error);
          return (callback as QueryMethod)(error, ...rest);
        };
        return method.apply(this, args);
      }
      let result: unknown;
      try {
        result = method.apply(this, args);
      } catch (error) {
        watch.inFlight -= 1;
        failed(error);
        throw error;
      }
      if (result instanceof Promise)
        result.then(
          () => (watch.inFlight -= 1),
          (error: unknown) => {
            watch.inFlight -= 1;
            failed(error);
          },
        );
      else watch.inFlight -= 1;
      return result;
    };
  };
  const wrapOnce = (target: object, names: string[]) => {
    const record = target as Record<string | symbol, unknown>;
    if (record[WATCHED]) return;
    record[WATCHED] = true;
    for (const name of names) wrap(record as Record<string, unknown>, name);
  };

  if (database.kind === 'postgres') {
    // Every statement, pooled or in a transaction, runs on a client the pool hands out ('acquire').
    database.client.on('acquire', (client) => wrapOnce(client, ['query']));
  } else {
    const client = database.client as unknown as Record<string, unknown>;
    wrapOnce(client, ['query', 'exec']);
    const transaction = client.transaction as QueryMethod;
    client.transaction = function (this: unknown, callback: unknown) {
      return transaction.call(this, (tx: object) => {
        wrapOnce(tx, ['query', 'exec']);
        return (callback as QueryMethod)(tx);
      });
    };
  }
  const watching: StatementWatch = {
    get inFlight() {
      return watch.inFlight;
    },
  };
  watches.set(database, watching);
  return watching;
}
