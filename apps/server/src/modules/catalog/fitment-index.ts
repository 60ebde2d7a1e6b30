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

/** A growable typed array (`values[0 .. length)`), grown by half again when full. */
export class TypedList<T extends Int32Array | Uint16Array | Float64Array> {
  values: T;
  length = 0;
  constructor(private readonly make: (length: number) => T) {
    this.values = make(1024);
  }
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = this.make(Math.ceil(this.values.length * 1.5));
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/** Values per block of TypedBlocks: 2^BLOCK_BITS. */
const BLOCK_BITS = 20;
const BLOCK_MASK = (1 << BLOCK_BITS) - 1;

/**
 * A growable list of numbers in typed blocks of 2^20 values: growing never copies (an array grown by doubling
 * holds up to three times its values at that moment), and blocks can be let go once read (set them to null).
 */
export class TypedBlocks<T extends Int32Array | Uint16Array | Float64Array> {
  readonly blocks: (T | null)[] = [];
  length = 0;
  constructor(private readonly make: (length: number) => T) {}
  push(value: number): void {
    const offset = this.length & BLOCK_MASK;
    if (offset === 0) this.blocks.push(this.make(BLOCK_MASK + 1));
    this.blocks[this.blocks.length - 1]![offset] = value;
    this.length += 1;
  }
  /** The value at `index` (its block not let go). */
  at(index: number): number {
    return this.blocks[index >>> BLOCK_BITS]![index & BLOCK_MASK]!;
  }
  /** Lets every block go. */
  release(): void {
    this.blocks.length = 0;
  }
}

/**
 * Collects application rows and builds a FitmentIndex over their docs (`docOf`). Rows are held in typed columns
 * of blocks (16 bytes a row: 6.1 million rows at 1,000,000 parts are 98 MB, where arrays of numbers took three times
 * that and more while growing), and a make and model's id is looked up without building a key string per row.
 */
export class FitmentIndexBuilder {
  /** Make -> model -> key id. */
  private readonly keys = new Map<string, Map<string, number>>();
  private keyCount = 0;
  private readonly engines = new Map<string, number>();
  private readonly rowKeys = new TypedBlocks((length) => new Int32Array(length));
  private readonly rowDocs = new TypedBlocks((length) => new Int32Array(length));
  private readonly rowFrom = new TypedBlocks((length) => new Uint16Array(length));
  private readonly rowTo = new TypedBlocks((length) => new Uint16Array(length));
  private readonly rowEngines = new TypedBlocks((length) => new Int32Array(length));

  /** `docOf`: the doc of a part's seq, -1 for a part not indexed. */
  constructor(private readonly docOf: (seq: number) => number) {}

  /** Adds one row (any order, after its part is known to `docOf`; a row of a part not indexed is left out). */
  add(row: FitmentDocument): void {
    const doc = this.docOf(row.seq);
    if (doc < 0) return;
    let models = this.keys.get(row.make);
    if (models === undefined) {
      models = new Map();
      this.keys.set(row.make, models);
    }
    let id = models.get(row.model);
    if (id === undefined) {
      id = this.keyCount++;
      models.set(row.model, id);
    }
    let engine = ANY_ENGINE;
    if (row.engine !== null) {
      engine = this.engines.get(row.engine) ?? this.engines.size;
      this.engines.set(row.engine, engine);
    }
    this.rowKeys.push(id);
    this.rowDocs.push(doc);
    this.rowFrom.push(row.yearFrom);
    this.rowTo.push(row.yearTo);
    this.rowEngines.push(engine);
  }

  /** The index of the rows added, with the universal flags of every doc. The builder's columns are let go. */
  build(universal: Uint8Array): FitmentIndex {
    const keyCount = this.keyCount;
    const { rowKeys, rowDocs, rowFrom, rowTo, rowEngines } = this;
    const rows = rowKeys.length;
    const offsets = new Uint32Array(keyCount + 1);
    for (let row = 0; row < rows; row += 1) offsets[rowKeys.at(row) + 1]! += 1;
    for (let key = 0; key < keyCount; key += 1) offsets[key + 1]! += offsets[key]!;
    const total = offsets[keyCount]!;
    // Within a make and model, rows in order of first year: a counting sort by (key, first year), whose bucket
    // starts (`yearStarts`) let a year's filter read only the rows that can hold it.
    let firstYear = Number.MAX_SAFE_INTEGER;
    let lastYear = 0;
    const longestSpan = new Uint16Array(keyCount);
    for (let row = 0; row < rows; row += 1) {
      const from = rowFrom.at(row);
      if (from < firstYear) firstYear = from;
      if (from > lastYear) lastYear = from;
      const span = rowTo.at(row) - from;
      const key = rowKeys.at(row);
      if (span > longestSpan[key]!) longestSpan[key] = span;
    }
    const years = total > 0 ? lastYear - firstYear + 1 : 1;
    if (total === 0) firstYear = 0;
    const yearStarts = new Uint32Array(keyCount * years + 1);
    for (let row = 0; row < rows; row += 1)
      yearStarts[rowKeys.at(row) * years + rowFrom.at(row) - firstYear + 1]! += 1;
    for (let bucket = 0; bucket < keyCount * years; bucket += 1)
      yearStarts[bucket + 1]! += yearStarts[bucket]!;
    const docs = new Int32Array(total);
    const yearFrom = new Uint16Array(total);
    const yearTo = new Uint16Array(total);
    const engines = new Int32Array(total);
    const next = yearStarts.slice(0, keyCount * years);
    for (let row = 0; row < rows; row += 1) {
      const from = rowFrom.at(row);
      const place = next[rowKeys.at(row) * years + from - firstYear]!++;
      docs[place] = rowDocs.at(row);
      yearFrom[place] = from;
      yearTo[place] = rowTo.at(row);
      engines[place] = rowEngines.at(row);
    }
    for (const column of [rowKeys, rowDocs, rowFrom, rowTo, rowEngines]) column.release();
    const keys = new Map<string, number>();
    const modelsOfMake = new Map<string, number[]>();
    for (const [make, models] of this.keys) {
      modelsOfMake.set(make, [...models.values()]);
      for (const [model, id] of models) keys.set(`${make}\u0000${model}`, id);
    }
    const universalDocs: number[] = [];
    for (let doc = 0; doc < universal.length; doc += 1) if (universal[doc]) universalDocs.push(doc);
    return new FitmentIndex({
      keys,
      modelsOfMake,
      engines: this.engines,
      offsets,
      yearStarts,
      firstYear,
      years,
      longestSpan,
      docs,
      yearFrom,
      yearTo,
      rowEngines: engines,
      universal,
      universalDocs: Int32Array.from(universalDocs),
    });
  }
}

interface FitmentData {
  keys: Map<string, number>;
  modelsOfMake: Map<string, number[]>;
  engines: Map<string, number>;
  /** Rows of key k: offsets[k] .. offsets[k + 1], in order of first year. */
  offsets: Uint32Array;
  /** Rows of key k with first year y: yearStarts[k * years + y - firstYear] .. the next bucket's start. */
  yearStarts: Uint32Array;
  firstYear: number;
  years: number;
  /** Per key: the most years one of its rows spans beyond its first (last year - first year). */
  longestSpan: Uint16Array;
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
  /**
   * Per doc: the generation of the last `mark` that marked it. One byte (restarted every 255 marks): a vehicle
   * marks tens of thousands of docs at random among a million, and a quarter of the bytes stay in cache.
   */
  private readonly stamp: Uint8Array;
  private generation = 0;
  /** Scratch: the docs marked by the last `mark`, each once, in `marked[0 .. markedCount)`. */
  readonly marked: Int32Array;
  markedCount = 0;

  constructor(data: FitmentData) {
    this.data = data;
    this.stamp = new Uint8Array(data.universal.length);
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
    if (this.generation === 0xff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation += 1;
    const generation = this.generation;
    const { keys, modelsOfMake, engines, offsets, docs, yearFrom, yearTo, rowEngines } = this.data;
    const { yearStarts, firstYear, years, longestSpan } = this.data;
    const modelKeys =
      vehicle.model !== undefined
        ? [keys.get(`${vehicle.make}\u0000${vehicle.model}`)].filter((key) => key !== undefined)
        : (modelsOfMake.get(vehicle.make) ?? []);
    const engine =
      vehicle.engine === undefined ? undefined : (engines.get(vehicle.engine) ?? Number.MIN_SAFE_INTEGER);
    const year = vehicle.year;
    let count = 0;
    for (const key of modelKeys) {
      // With a year, only the rows whose first year is within the key's longest span before it.
      let start = offsets[key]!;
      let end = offsets[key + 1]!;
      if (year !== undefined) {
        const low = Math.max(firstYear, year - longestSpan[key]!);
        const high = Math.min(firstYear + years - 1, year);
        if (low > high) continue;
        start = yearStarts[key * years + low - firstYear]!;
        end = yearStarts[key * years + high - firstYear + 1]!;
      }
      for (let row = start; row < end; row += 1) {
        if (year !== undefined && (yearFrom[row]! > year || yearTo[row]! < year)) continue;
        if (engine !== undefined && rowEngines[row] !== ANY_ENGINE && rowEngines[row] !== engine) continue;
        const doc = docs[row]!;
        if (this.stamp[doc] === generation) continue;
        this.stamp[doc] = generation;
        this.marked[count++] = doc;
      }
    }
    this.markedCount = count;
    return count;
  }

  /** Whether `doc` was marked by the last `mark`. */
  fits(doc: number): boolean {
    return this.stamp[doc] === this.generation;
  }
}
