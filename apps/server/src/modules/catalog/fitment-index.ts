/**
 * Application rows in memory, for the search index (docs/decisions/020-fitment-model.md): which indexed parts
 * ("docs", positions in seq order as in search-index.ts) fit a vehicle filter, answered without the database and
 * exactly as catalog-sql.ts fitmentRowsOf asks PostgreSQL. The rows of each make and model are kept together (a
 * counting sort by make and model) as parallel typed arrays: doc, first year, last year, engine.
 */
import type { VehicleFilter } from '../vehicles/index.js';

/** One application row as the index reads it (catalog-repository.ts readSearchDocuments). */
export interface FitmentDocument {
  /** The part's seq. */
  seq: number;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string | null;
}

/** Engine id of a row for every engine. */
const ANY_ENGINE = -1;

/** Collects application rows and builds a FitmentIndex over the docs of `seqs`. */
export class FitmentIndexBuilder {
  private readonly keys = new Map<string, number>();
  private readonly engines = new Map<string, number>();
  private readonly rowKeys: number[] = [];
  private readonly rowSeqs: number[] = [];
  private readonly rowFrom: number[] = [];
  private readonly rowTo: number[] = [];
  private readonly rowEngines: number[] = [];

  /** Adds one row (any order). */
  add(row: FitmentDocument): void {
    const key = `${row.make}\u0000${row.model}`;
    let id = this.keys.get(key);
    if (id === undefined) {
      id = this.keys.size;
      this.keys.set(key, id);
    }
    let engine = ANY_ENGINE;
    if (row.engine !== null) {
      engine = this.engines.get(row.engine) ?? this.engines.size;
      this.engines.set(row.engine, engine);
    }
    this.rowKeys.push(id);
    this.rowSeqs.push(row.seq);
    this.rowFrom.push(row.yearFrom);
    this.rowTo.push(row.yearTo);
    this.rowEngines.push(engine);
  }

  /**
   * The index over the parts of `seqs` (ascending; a row of a part not among them, deleted meanwhile, is left
   * out) with their universal flags (per doc).
   */
  build(seqs: Float64Array, universal: Uint8Array): FitmentIndex {
    const keyCount = this.keys.size;
    const offsets = new Uint32Array(keyCount + 1);
    const docsOfRows = new Int32Array(this.rowKeys.length);
    for (let row = 0; row < this.rowKeys.length; row += 1) {
      const doc = docOf(seqs, this.rowSeqs[row]!);
      docsOfRows[row] = doc;
      if (doc >= 0) offsets[this.rowKeys[row]! + 1]! += 1;
    }
    for (let key = 0; key < keyCount; key += 1) offsets[key + 1]! += offsets[key]!;
    const total = offsets[keyCount]!;
    const docs = new Int32Array(total);
    const yearFrom = new Uint16Array(total);
    const yearTo = new Uint16Array(total);
    const engines = new Int32Array(total);
    const next = offsets.slice(0, keyCount);
    for (let row = 0; row < this.rowKeys.length; row += 1) {
      const doc = docsOfRows[row]!;
      if (doc < 0) continue;
      const place = next[this.rowKeys[row]!]!++;
      docs[place] = doc;
      yearFrom[place] = this.rowFrom[row]!;
      yearTo[place] = this.rowTo[row]!;
      engines[place] = this.rowEngines[row]!;
    }
    const modelsOfMake = new Map<string, number[]>();
    for (const [key, id] of this.keys) {
      const make = key.slice(0, key.indexOf('\u0000'));
      modelsOfMake.set(make, [...(modelsOfMake.get(make) ?? []), id]);
    }
    const universalDocs: number[] = [];
    for (let doc = 0; doc < universal.length; doc += 1) if (universal[doc]) universalDocs.push(doc);
    return new FitmentIndex({
      keys: this.keys,
      modelsOfMake,
      engines: this.engines,
      offsets,
      docs,
      yearFrom,
      yearTo,
      rowEngines: engines,
      universal,
      universalDocs: Int32Array.from(universalDocs),
    });
  }
}

/** The doc of `seq` in ascending `seqs`, or -1. */
function docOf(seqs: Float64Array, seq: number): number {
  let low = 0;
  let high = seqs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (seqs[middle]! < seq) low = middle + 1;
    else high = middle;
  }
  return seqs[low] === seq ? low : -1;
}

interface FitmentData {
  keys: Map<string, number>;
  modelsOfMake: Map<string, number[]>;
  engines: Map<string, number>;
  offsets: Uint32Array;
  docs: Int32Array;
  yearFrom: Uint16Array;
  yearTo: Uint16Array;
  rowEngines: Int32Array;
  /** Per doc: 1 for a universal part. */
  universal: Uint8Array;
  /** The universal docs, ascending. */
  universalDocs: Int32Array;
}

/** Built application rows; see the module comment. Queries reuse scratch arrays (one thread). */
export class FitmentIndex {
  private readonly data: FitmentData;
  private readonly stamp: Uint32Array;
  private generation = 0;
  /** Scratch: the docs marked by the last `mark`, each once, in `marked[0 .. markedCount)`. */
  readonly marked: Int32Array;
  markedCount = 0;

  constructor(data: FitmentData) {
    this.data = data;
    this.stamp = new Uint32Array(data.universal.length);
    this.marked = new Int32Array(data.universal.length);
  }

  /** Number of application rows held. */
  get rows(): number {
    return this.data.docs.length;
  }

  /** The universal docs, ascending. */
  get universalDocs(): Int32Array {
    return this.data.universalDocs;
  }

  /** Whether `doc` is universal. */
  isUniversal(doc: number): boolean {
    return this.data.universal[doc] === 1;
  }

  /**
   * Marks the docs with a row of `vehicle` (catalog-sql.ts fitmentRowsOf) until the next call: `fits(doc)` is
   * then true for them, and `marked[0 .. returned count)` lists them, each once, in no particular order.
   */
  mark(vehicle: VehicleFilter): number {
    if (this.generation === 0xffff_ffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation += 1;
    const generation = this.generation;
    const { keys, modelsOfMake, engines, offsets, docs, yearFrom, yearTo, rowEngines } = this.data;
    const modelKeys =
      vehicle.model !== undefined
        ? [keys.get(`${vehicle.make}\u0000${vehicle.model}`)].filter((key) => key !== undefined)
        : (modelsOfMake.get(vehicle.make) ?? []);
    const engine =
      vehicle.engine === undefined ? undefined : (engines.get(vehicle.engine) ?? Number.MIN_SAFE_INTEGER);
    const year = vehicle.year;
    let count = 0;
    for (const key of modelKeys)
      for (let row = offsets[key]!; row < offsets[key + 1]!; row += 1) {
        if (year !== undefined && (yearFrom[row]! > year || yearTo[row]! < year)) continue;
        if (engine !== undefined && rowEngines[row] !== ANY_ENGINE && rowEngines[row] !== engine) continue;
        const doc = docs[row]!;
        if (this.stamp[doc] === generation) continue;
        this.stamp[doc] = generation;
        this.marked[count++] = doc;
      }
    this.markedCount = count;
    return count;
  }

  /** Whether `doc` was marked by the last `mark`. */
  fits(doc: number): boolean {
    return this.stamp[doc] === this.generation;
  }
}
