/**
 * The catalogue's in-process search index (docs/decisions/016-in-process-search-index.md): the same matching and
 * ranking as the SQL stages (catalog-sql.ts searchStage, for a catalog-search.ts TextQuery), answered from typed
 * arrays instead of the database, so a search costs the same whether or not anybody asked it before.
 *
 * - Full text: for every lexeme of the parts' full-text documents (the `search_vector` column, read back as its
 *   text), the parts holding it in seq order and whether it is in the name or number (weight A). A term is the
 *   union of its alternatives' lists (a prefix covers every lexeme that starts with it); a search intersects
 *   its terms, rarest first.
 * - Part numbers: for every pg_trgm trigram of the normalised part numbers (`sku_normalized`: '  b', ' bp',
 *   'bpt', ..., '10 '), the parts holding it. A piece of a number ('contains') is looked up by its rarest trigram
 *   and checked; a misspelt number ('similar') counts the trigrams it shares with each part (pg_trgm similarity).
 * - Typo corrections: the same trigrams over the dictionary of name words (`search_words`).
 * - Orders: each part's position in price order and in name order (both then seq), as the database sorts them.
 * - Buyers' prices: each part's list price (cents) and category, from which priceOrderOf ranks the parts by a
 *   buyer's net prices (docs/requirements.md §15: sorting by price follows the prices the buyer sees).
 *
 * Postings are stored as CSR (compressed sparse rows): one Int32Array of part positions for all keys, with
 * offsets per key. A part's position ("doc") is its rank in seq order. Memory at 1,000,000 parts and build time
 * are in bench/README.md. Build with SearchIndexBuilder; an index is immutable (catalog-reads.ts replaces it
 * after catalogue changes). Queries are synchronous and reuse scratch arrays, which is safe in one thread.
 */
import type { SeqPage } from './catalog-repository.js';
import {
  correctableTerms,
  DESCRIPTION_WORD_POINTS,
  EXACT_PART_NUMBER_POINTS,
  NAME_WORD_POINTS,
  PART_NUMBER_PREFIX_POINTS,
  partNumberMatch,
  SIMILARITY_THRESHOLD,
  type PartsSearch,
  type QueryTerm,
  type TextQuery,
} from './catalog-search.js';
import {
  FitmentIndexBuilder,
  TypedBlocks,
  TypedList,
  type FitmentDocument,
  type FitmentIndex,
} from './fitment-index.js';

/** One part as the index reads it (catalog-repository.ts readSearchDocuments). */
export interface SearchDocument {
  seq: number;
  /** `sku_normalized`: lower case letters and digits. */
  partNumber: string;
  categoryId: string | null;
  makeId: string | null;
  /** Fits every vehicle (docs/requirements.md §12). */
  universal: boolean;
  /** List price in cents. */
  priceCents: number;
  /** `search_vector::text`, e.g. `'brake':3A 'pad':4A,9B`. */
  vector: string;
}

/** The catalogue-wide parts of an index: both sort orders (as `seq`s) and the dictionary of name words. */
export interface SearchCatalogue {
  /** Every part's seq in `price_cents, seq` order. */
  byPrice: Float64Array;
  /** Every part's seq in `name collate "C", seq` order. */
  byName: Float64Array;
  /** The typo dictionary (search_words). */
  words: readonly string[];
}

/** Parts beyond this many do not fit the index's sort keys (21 bits of position); the SQL stages serve them. */
export const MAX_INDEXED_PARTS = 2 ** 21;

/** Loop steps of a build between two yields to the event loop (a few milliseconds of work). */
const STEPS_BETWEEN_YIELDS = 500_000;

/** Lets pending I/O and timers run before the build goes on. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * pg_trgm's trigrams of one word of letters and digits, without repeats: the word padded with two spaces before
 * and one after, every run of three characters ('ab' -> '  a', ' ab', 'ab ').
 */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `;
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) trigrams.add(padded.slice(index, index + 3));
  return [...trigrams];
}

/** pg_trgm's similarity of two word trigram sets with `shared` in common, as the database's float4. */
function similarityOf(shared: number, sizeA: number, sizeB: number): number {
  return Math.fround(shared / (sizeA + sizeB - shared));
}

/** A growable Int32Array or Float64Array. */
const int32List = () => new TypedList((length) => new Int32Array(length));
const float64List = () => new TypedList((length) => new Float64Array(length));

/** Key -> sorted doc lists, as CSR: the docs of key k are docs[offsets[k] .. offsets[k + 1]). */
interface Postings {
  keys: Map<string, number>;
  offsets: Uint32Array;
  docs: Int32Array;
}

/**
 * Collects (key, doc, flag) triples in doc order, then lays them out as Postings (a counting sort by key) with the
 * flags alongside the docs. Kept doc by doc: one number per triple (key * 2 + flag) and one per doc (where its
 * triples start), 4 bytes a posting while building, in blocks let go as they are laid out.
 */
class PostingsBuilder {
  readonly keys = new Map<string, number>();
  private readonly entries = new TypedBlocks((length) => new Int32Array(length));
  private readonly docStarts = int32List();

  /** Adds `doc` (with `flag`) to `key`'s list; docs come in ascending order. */
  add(key: string, doc: number, flag = false): void {
    let id = this.keys.get(key);
    if (id === undefined) {
      id = this.keys.size;
      this.keys.set(key, id);
    }
    while (this.docStarts.length <= doc) this.docStarts.push(this.entries.length);
    this.entries.push(id * 2 + (flag ? 1 : 0));
  }

  /** The postings, and the flag of each posting (1 or 0, in `docs` order). Once only: the entries are let go. */
  async build(): Promise<{ postings: Postings; flags: Uint8Array }> {
    const { blocks } = this.entries;
    const blockValues = blocks[0]?.length ?? 1;
    const count = this.entries.length;
    const offsets = new Uint32Array(this.keys.size + 1);
    for (let entry = 0; entry < count; entry += 1) {
      if (entry % STEPS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
      offsets[(this.entries.at(entry) >>> 1) + 1]! += 1;
    }
    for (let key = 0; key < this.keys.size; key += 1) offsets[key + 1]! += offsets[key]!;
    const next = offsets.slice(0, this.keys.size);
    const docs = new Int32Array(count);
    const flags = new Uint8Array(count);
    const starts = this.docStarts.values;
    let block = 0;
    for (let doc = 0; doc < this.docStarts.length; doc += 1) {
      if (doc % (STEPS_BETWEEN_YIELDS / 20) === 0) await yieldToEventLoop();
      const end = doc + 1 < this.docStarts.length ? starts[doc + 1]! : count;
      for (let entry = starts[doc]!; entry < end; entry += 1) {
        const at = (entry / blockValues) | 0;
        if (at > block) blocks[block++] = null; // read: let it go
        const value = this.entries.at(entry);
        const place = next[value >>> 1]!++;
        docs[place] = doc;
        flags[place] = value & 1;
      }
    }
    this.entries.release();
    return { postings: { keys: this.keys, offsets, docs }, flags };
  }
}

const QUOTE = 0x27;
const COLON = 0x3a;
const LETTER_A = 0x41;
const SPACE = 0x20;

/**
 * Calls `each(lexeme, inName)` for every lexeme of a tsvector's text (`'brake':3A 'pad':4A,9B`): inName when one
 * of its positions has weight A. Lexemes here are letters and digits, never quoted quotes.
 */
function eachLexeme(vector: string, each: (lexeme: string, inName: boolean) => void): void {
  let index = 0;
  while (index < vector.length) {
    if (vector.charCodeAt(index) !== QUOTE) {
      index += 1;
      continue;
    }
    const end = vector.indexOf("'", index + 1);
    if (end < 0) return;
    const lexeme = vector.slice(index + 1, end);
    index = end + 1;
    let inName = false;
    if (vector.charCodeAt(index) === COLON) {
      while (index < vector.length && vector.charCodeAt(index) !== SPACE) {
        if (vector.charCodeAt(index) === LETTER_A) inName = true;
        index += 1;
      }
    }
    each(lexeme, inName);
  }
}

/** Builds an index from documents added in ascending seq order. */
export class SearchIndexBuilder {
  private readonly seqs = float64List();
  private readonly partNumbers: string[] = [];
  private readonly categories = int32List();
  private readonly makes = int32List();
  private readonly categoryIds = new Map<string, number>();
  private readonly makeIds = new Map<string, number>();
  private readonly lexemes = new PostingsBuilder();
  private readonly numberTrigrams = new PostingsBuilder();
  private readonly trigramCounts = int32List();
  private readonly universal = int32List();
  private readonly listPrices = int32List();
  private readonly fitment = new FitmentIndexBuilder((seq) => {
    const at = lowerBound(this.seqs.values, seq, 0, this.seqs.length);
    return at < this.seqs.length && this.seqs.values[at] === seq ? at : -1;
  });

  /** Number of documents added. */
  get size(): number {
    return this.seqs.length;
  }

  /** Adds the next part (seq greater than every earlier one's). */
  add(document: SearchDocument): void {
    const doc = this.seqs.length;
    this.seqs.push(document.seq);
    this.partNumbers.push(document.partNumber);
    this.categories.push(idOf(this.categoryIds, document.categoryId));
    this.makes.push(idOf(this.makeIds, document.makeId));
    eachLexeme(document.vector, (lexeme, inName) => this.lexemes.add(lexeme, doc, inName));
    const trigrams = trigramsOf(document.partNumber);
    for (const trigram of trigrams) this.numberTrigrams.add(trigram, doc);
    this.trigramCounts.push(trigrams.length);
    this.universal.push(document.universal ? 1 : 0);
    this.listPrices.push(document.priceCents);
  }

  /** Adds one application row of a part (any order, after its part; a row of a part not added is left out). */
  addFitment(row: FitmentDocument): void {
    this.fitment.add(row);
  }

  /**
   * The index of the documents added, with the catalogue's orders and dictionary (same snapshot). Long loops
   * yield to the event loop, so requests are served meanwhile.
   */
  async build(catalogue: SearchCatalogue): Promise<SearchIndex> {
    const { postings: lexemes, flags: inName } = await this.lexemes.build();
    const dictionary = new PostingsBuilder();
    catalogue.words.forEach((word, index) => {
      for (const trigram of trigramsOf(word)) dictionary.add(trigram, index);
    });
    const seqs = this.seqs.values.slice(0, this.seqs.length);
    const priceRanks = await ranksOf(seqs, catalogue.byPrice);
    const nameRanks = await ranksOf(seqs, catalogue.byName);
    const categories = this.categories.values.slice(0, this.categories.length);
    const fitment = this.fitment.build(
      Uint8Array.from(this.universal.values.subarray(0, this.universal.length)),
    );
    return new SearchIndex({
      seqs,
      priceRanks,
      nameRanks,
      partNumbers: this.partNumbers,
      categories,
      makes: this.makes.values.slice(0, this.makes.length),
      categoryIds: this.categoryIds,
      listPriceCents: this.listPrices.values.slice(0, this.listPrices.length),
      makeIds: this.makeIds,
      lexemes,
      inName,
      sortedLexemes: [...lexemes.keys.keys()].sort(),
      numberTrigrams: (await this.numberTrigrams.build()).postings,
      trigramCounts: Uint16Array.from(this.trigramCounts.values.subarray(0, this.trigramCounts.length)),
      catalogue,
      words: catalogue.words,
      wordSet: new Set(catalogue.words),
      wordTrigrams: (await dictionary.build()).postings,
      fitment,
      universalOrders: universalOrdersOf(fitment.universalDocs, categories, priceRanks, nameRanks),
    });
  }
}

/** Each doc's position in `order` (seqs of the same parts in another order); `seqs` ascending. */
async function ranksOf(seqs: Float64Array, order: Float64Array): Promise<Int32Array> {
  if (order.length !== seqs.length) throw new Error('The search index orders do not list the indexed parts');
  const ranks = new Int32Array(seqs.length);
  for (let rank = 0; rank < order.length; rank += 1) {
    if (rank % STEPS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
    const seq = order[rank]!;
    const low = lowerBound(seqs, seq, 0, seqs.length);
    if (seqs[low] !== seq) throw new Error('The search index orders do not list the indexed parts');
    ranks[low] = rank;
  }
  return ranks;
}

/** The small id of a category or make `_id` (-1: none), assigned on first sight. */
function idOf(ids: Map<string, number>, id: string | null): number {
  if (id === null) return -1;
  let value = ids.get(id);
  if (value === undefined) {
    value = ids.size;
    ids.set(id, value);
  }
  return value;
}

interface IndexData {
  seqs: Float64Array;
  partNumbers: string[];
  categories: Int32Array;
  makes: Int32Array;
  categoryIds: Map<string, number>;
  makeIds: Map<string, number>;
  /** Per doc: its list price in cents. */
  listPriceCents: Int32Array;
  lexemes: Postings;
  /** Per lexeme posting: 1 when the lexeme is in the part's name or number. */
  inName: Uint8Array;
  sortedLexemes: string[];
  numberTrigrams: Postings;
  /** Per doc: the number of distinct trigrams of its part number. */
  trigramCounts: Uint16Array;
  catalogue: SearchCatalogue;
  /** Per doc: its position in catalogue.byPrice and catalogue.byName. */
  priceRanks: Int32Array;
  nameRanks: Int32Array;
  words: readonly string[];
  wordSet: ReadonlySet<string>;
  wordTrigrams: Postings;
  /** Application rows and universal flags (docs/decisions/020-fitment-model.md). */
  fitment: FitmentIndex;
  /** The universal docs in each order, of the whole catalogue and of each category (filteredPage). */
  universalOrders: { all: UniversalOrders; byCategory: Map<number, UniversalOrders> };
}

/**
 * A buyer's price order (SearchIndex.priceOrderOf): what priceRanks and catalogue.byPrice are for list prices, for
 * the buyer's net prices. Immutable but for `universal`, filled as pages ask.
 */
export interface PriceOrder {
  /** Per doc: its position in (net price, seq) order. */
  ranks: Int32Array;
  /** Every part's seq in that order. */
  seqs: Float64Array;
  /** Every doc in that order. */
  docs: Int32Array;
  /** Universal docs in that order, per list of universalOrders (sorted when first asked). */
  universal: Map<UniversalOrders, Int32Array>;
}

/** Universal docs in catalogue order, in price order and in name order. */
interface UniversalOrders {
  docs: Int32Array;
  byPrice: Int32Array;
  byName: Int32Array;
}

const NO_UNIVERSAL: UniversalOrders = {
  docs: new Int32Array(0),
  byPrice: new Int32Array(0),
  byName: new Int32Array(0),
};

/** The universal docs (ascending) of `universal`, in each order, overall and per category. */
function universalOrdersOf(
  universal: Int32Array,
  categories: Int32Array,
  priceRanks: Int32Array,
  nameRanks: Int32Array,
): IndexData['universalOrders'] {
  const ordersOf = (docs: Int32Array): UniversalOrders => ({
    docs,
    byPrice: docs.slice().sort((a, b) => priceRanks[a]! - priceRanks[b]!),
    byName: docs.slice().sort((a, b) => nameRanks[a]! - nameRanks[b]!),
  });
  const docsOfCategory = new Map<number, number[]>();
  for (const doc of universal) {
    const list = docsOfCategory.get(categories[doc]!);
    if (list) list.push(doc);
    else docsOfCategory.set(categories[doc]!, [doc]);
  }
  return {
    all: ordersOf(universal),
    byCategory: new Map(
      [...docsOfCategory].map(([category, docs]) => [category, ordersOf(Int32Array.from(docs))]),
    ),
  };
}

/** A [start, end) range of lexeme postings: one lexeme of a term. */
interface Range {
  start: number;
  end: number;
}

/** The filter of a search without category, make or vehicle. */
const PASS_ALL = (): boolean => true;

/** Category/make filter value meaning "an id no part has": nothing matches. */
const NO_SUCH_ID = -2;
/** Sort-key scale of the similarity part of a score (similarities differ by far more than 2^-20). */
const SIMILARITY_SCALE = 2 ** 20;

/** A built index; see the module comment. */
export class SearchIndex {
  private readonly data: IndexData;
  /**
   * Scratch: the matches so far (docs ascending, then part-number matches appended) and their points, in two
   * pairs of buffers that the intersections alternate between.
   */
  private matches: Int32Array;
  private points: Float64Array;
  private spareMatches: Int32Array;
  private sparePoints: Float64Array;
  /** Scratch, per doc: generation stamp and trigrams shared with the query's part number ('similar'). */
  private readonly numberStamp: Uint32Array;
  private readonly shared: Uint16Array;
  private readonly touched: Int32Array;
  private generation = 0;

  constructor(data: IndexData) {
    this.data = data;
    const size = data.seqs.length;
    this.matches = new Int32Array(size);
    this.points = new Float64Array(size);
    this.spareMatches = new Int32Array(size);
    this.sparePoints = new Float64Array(size);
    this.numberStamp = new Uint32Array(size);
    this.shared = new Uint16Array(size);
    this.touched = new Int32Array(size);
  }

  /** Number of parts indexed. */
  get size(): number {
    return this.data.seqs.length;
  }

  /**
   * The closest dictionary word (pg_trgm similarity >= SIMILARITY_THRESHOLD; the best, then the first in byte
   * order) of each correctable word of `terms` that is not in the dictionary, e.g. 'toyta' -> 'toyota'.
   */
  corrections(terms: string[]): Map<string, string> {
    const { words, wordSet, wordTrigrams } = this.data;
    const corrections = new Map<string, string>();
    for (const term of correctableTerms(terms)) {
      if (wordSet.has(term)) continue;
      const trigrams = trigramsOf(term);
      const counts = new Map<number, number>();
      for (const trigram of trigrams) {
        const key = wordTrigrams.keys.get(trigram);
        if (key === undefined) continue;
        for (let index = wordTrigrams.offsets[key]!; index < wordTrigrams.offsets[key + 1]!; index += 1) {
          const word = wordTrigrams.docs[index]!;
          counts.set(word, (counts.get(word) ?? 0) + 1);
        }
      }
      let best: string | undefined;
      let bestSimilarity = -1;
      for (const [word, count] of counts) {
        const candidate = words[word]!;
        const similarity = similarityOf(count, trigrams.length, trigramsOf(candidate).length);
        if (similarity < SIMILARITY_THRESHOLD) continue;
        if (similarity > bestSimilarity || (similarity === bestSimilarity && candidate < best!)) {
          best = candidate;
          bestSimilarity = similarity;
        }
      }
      if (best !== undefined) corrections.set(term, best);
    }
    return corrections;
  }

  /**
   * One page of `query`'s matches among the parts that pass `search`'s filters, in `search`'s sort, and the
   * number of matches: what catalog-repository.ts searchPage answers for searchStage(query).
   */
  page(query: TextQuery, search: PartsSearch, prices?: PriceOrder): SeqPage {
    const count = this.match(query, search);
    const start = Math.min(search.offset, count);
    const end = Math.min(search.offset + search.limit, count);
    return {
      seqs: start < end ? this.order(count, search, start, end, prices) : new Float64Array(0),
      total: count,
    };
  }

  /** The doc of part `seq`, or -1 when the index does not hold it. */
  docOf(seq: number): number {
    const { seqs } = this.data;
    const at = lowerBound(seqs, seq, 0, seqs.length);
    return at < seqs.length && seqs[at] === seq ? at : -1;
  }

  /**
   * A buyer's price order: every part ranked by `netCents(doc, listPriceCents, categoryId)` (the buyer's unit base
   * price in cents), then seq, as the SQL ordering by the same prices sorts them. One sort of every part (tens of
   * milliseconds at 1,000,000 parts): callers keep the result per buyer's book and index (catalog-reads.ts).
   */
  priceOrderOf(
    netCents: (doc: number, listPriceCents: number, categoryId: string | null) => number,
  ): PriceOrder {
    const { seqs, listPriceCents, categories, categoryIds } = this.data;
    const idOfCategory: (string | null)[] = [];
    for (const [id, small] of categoryIds) idOfCategory[small] = id;
    const size = seqs.length;
    // Key: net cents * 2^21 + doc (docs are in seq order): exact in a double for any price below 2^31 cents.
    const keys = new Float64Array(size);
    for (let doc = 0; doc < size; doc += 1) {
      const category = categories[doc]!;
      const cents = netCents(
        doc,
        listPriceCents[doc]!,
        category < 0 ? null : (idOfCategory[category] ?? null),
      );
      keys[doc] = cents * MAX_INDEXED_PARTS + doc;
    }
    keys.sort();
    const ranks = new Int32Array(size);
    const ordered = new Float64Array(size);
    const docs = new Int32Array(size);
    for (let rank = 0; rank < size; rank += 1) {
      const doc = keys[rank]! % MAX_INDEXED_PARTS;
      ranks[doc] = rank;
      ordered[rank] = seqs[doc]!;
      docs[rank] = doc;
    }
    return { ranks, seqs: ordered, docs, universal: new Map() };
  }

  /**
   * One page of a list without search words or vehicle (category and make filters only) and its number of parts:
   * what catalog-repository.ts listedPage answers, with `prices` in place of list prices when given.
   */
  listedPage(search: PartsSearch, prices?: PriceOrder): SeqPage {
    const passes = this.filterOf({ ...search, vehicle: undefined });
    if (prices && passes && (search.sort === 'price-asc' || search.sort === 'price-desc'))
      return this.walkPrices(prices, passes, search);
    let count = 0;
    if (passes === PASS_ALL) {
      count = this.size;
      for (let doc = 0; doc < count; doc += 1) this.matches[doc] = doc;
    } else if (passes)
      for (let doc = 0; doc < this.size; doc += 1) if (passes(doc)) this.matches[count++] = doc;
    const start = Math.min(search.offset, count);
    const end = Math.min(search.offset + search.limit, count);
    if (start >= end) return { seqs: new Float64Array(0), total: count };
    if (search.sort === 'relevance')
      return {
        seqs: Float64Array.from(this.matches.subarray(start, end), (doc) => this.data.seqs[doc]!),
        total: count,
      };
    return { seqs: this.order(count, search, start, end, prices), total: count };
  }

  /**
   * Fills `matches` with the docs matching `query` among those passing `search`'s filters and `points` with their
   * relevance; returns their number. The full text intersects the terms' sorted lists, rarest first (merging, or
   * binary searches in a much longer list); part-number matches are added after.
   */
  private match(query: TextQuery, search: PartsSearch): number {
    const { partNumbers } = this.data;
    const passes = this.filterOf(search);
    if (!passes) return 0;

    const terms = query.terms.map((term) => this.termList(this.rangesOf(term)));
    terms.sort((a, b) => a.docs.length - b.docs.length);
    let count = 0;
    if (terms.length > 0) {
      const [rarest, ...others] = terms;
      for (let index = 0; index < rarest!.docs.length; index += 1) {
        this.matches[count] = rarest!.docs[index]!;
        this.points[count++] = rarest!.inName[index] ? NAME_WORD_POINTS : DESCRIPTION_WORD_POINTS;
      }
      for (const term of others) count = this.intersect(count, term);
      let kept = passes === PASS_ALL ? count : 0;
      for (let index = kept; index < count; index += 1) {
        const doc = this.matches[index]!;
        if (!passes(doc)) continue;
        this.matches[kept] = doc;
        this.points[kept++] = this.points[index]!;
      }
      count = kept;
    }
    const textMatches = count;
    const positionOf = (doc: number) => {
      const at = lowerBound(this.matches, doc, 0, textMatches);
      return at < textMatches && this.matches[at] === doc ? at : -1;
    };

    // The part number: parts it adds are scored on every term (as SQL scores every row it matches).
    const numberMatch = partNumberMatch(query);
    const { partNumber } = query;
    if (numberMatch === 'contains') {
      for (const doc of this.docsContaining(partNumber)) {
        const number = partNumbers[doc]!;
        if (!passes(doc) || !number.includes(partNumber)) continue;
        const bonus =
          number === partNumber
            ? EXACT_PART_NUMBER_POINTS
            : number.startsWith(partNumber)
              ? PART_NUMBER_PREFIX_POINTS
              : 0;
        const at = positionOf(doc);
        if (at >= 0) this.points[at]! += bonus;
        else {
          this.matches[count] = doc;
          this.points[count++] = this.termPoints(doc, terms) + bonus;
        }
      }
    } else if (numberMatch === 'similar') {
      if (this.generation === 0xffff_ffff) {
        this.numberStamp.fill(0);
        this.generation = 0;
      }
      this.generation += 1;
      const generation = this.generation;
      const queryTrigrams = trigramsOf(partNumber).length;
      const touched = this.shareTrigrams(trigramsOf(partNumber), generation);
      for (let index = 0; index < touched; index += 1) {
        const doc = this.touched[index]!;
        const similarity = this.numberSimilarity(doc, queryTrigrams, generation);
        const at = positionOf(doc);
        if (at >= 0) this.points[at]! += similarity;
        else if (similarity >= SIMILARITY_THRESHOLD && passes(doc)) {
          this.matches[count] = doc;
          this.points[count++] = this.termPoints(doc, terms) + similarity;
        }
      }
    }
    return count;
  }

  /**
   * The category, make and vehicle filters of `search` as a test of one doc (a vehicle's fitting docs are marked
   * in the fitment index first), or null when nothing can pass (an unknown vehicle).
   */
  private filterOf(search: PartsSearch): ((doc: number) => boolean) | null {
    const { categories, makes, categoryIds, makeIds, fitment } = this.data;
    const category = search.category ? (categoryIds.get(search.category) ?? NO_SUCH_ID) : undefined;
    const make = search.make ? (makeIds.get(search.make) ?? NO_SUCH_ID) : undefined;
    const { vehicle } = search;
    if (vehicle === null) return null;
    if (vehicle) fitment.mark(vehicle);
    const universal = vehicle?.universal ?? false;
    if (category === undefined && make === undefined && vehicle === undefined) return PASS_ALL;
    return (doc: number) =>
      (category === undefined || categories[doc] === category) &&
      (make === undefined || makes[doc] === make) &&
      (vehicle === undefined || fitment.fits(doc) || (universal && fitment.isUniversal(doc)));
  }

  /**
   * listedPage sorted by `prices`: the page read off the price order (every part: a slice of it; filtered: a walk
   * counting the parts that pass), so a deep page costs no selection or sort. Descending walks it backwards.
   */
  private walkPrices(prices: PriceOrder, passes: (doc: number) => boolean, search: PartsSearch): SeqPage {
    const { docs } = prices;
    const size = docs.length;
    const last = size - 1;
    const descending = search.sort === 'price-desc';
    const from = search.offset;
    const to = search.offset + search.limit;
    if (passes === PASS_ALL) {
      const start = Math.min(from, size);
      const end = Math.min(to, size);
      const seqs = new Float64Array(end - start);
      for (let at = start; at < end; at += 1) seqs[at - start] = prices.seqs[descending ? last - at : at]!;
      return { seqs, total: size };
    }
    const page: number[] = [];
    let total = 0;
    for (let step = 0; step < size; step += 1) {
      const doc = docs[descending ? last - step : step]!;
      if (!passes(doc)) continue;
      if (total >= from && total < to) page.push(this.data.seqs[doc]!);
      total += 1;
    }
    return { seqs: Float64Array.from(page), total };
  }

  /**
   * One page of a list without search words but with a vehicle, and its number of parts: what
   * catalog-repository.ts filteredPage answers. The vehicle's fitting docs, then (when the filter takes them) the
   * universal ones, each once, among those passing the other filters; relevance is catalogue order. Without a make
   * filter (a vehicle list never has one), the universal parts are never walked one by one: their number comes
   * from the category's universal lists and the page takes only the first of them in its order (universalPage).
   */
  filteredPage(search: PartsSearch, prices?: PriceOrder): SeqPage {
    const passes = this.filterOf(search);
    const { vehicle } = search;
    let count = 0;
    if (passes && vehicle?.universal && search.make === undefined) return this.universalPage(search, prices);
    if (passes && vehicle) {
      const { fitment } = this.data;
      for (let index = 0; index < fitment.markedCount; index += 1) {
        const doc = fitment.marked[index]!;
        if (passes(doc)) this.matches[count++] = doc;
      }
      if (vehicle.universal)
        for (const doc of fitment.universalDocs)
          if (!fitment.fits(doc) && passes(doc)) this.matches[count++] = doc;
    }
    const start = Math.min(search.offset, count);
    const end = Math.min(search.offset + search.limit, count);
    if (start >= end) return { seqs: new Float64Array(0), total: count };
    if (search.sort === 'relevance') {
      const keys = this.matches.slice(0, count);
      const first = firstInOrder(keys, end);
      return { seqs: Float64Array.from(first.subarray(start), (doc) => this.data.seqs[doc]!), total: count };
    }
    return { seqs: this.order(count, search, start, end, prices), total: count };
  }

  /**
   * filteredPage of a vehicle filter that takes universal parts, without a make filter, once the vehicle's docs
   * are marked: those passing the category filter are gathered in `matches`. The universal docs of the category (or of the whole
   * catalogue), in the page's order, are merged with them: the total counts each doc once (a universal doc that
   * also has a row of the vehicle is among the fitting ones), and only the first `offset + limit` of both lists
   * are compared.
   */
  private universalPage(search: PartsSearch, prices?: PriceOrder): SeqPage {
    const { fitment, seqs, catalogue, universalOrders, categoryIds, categories } = this.data;
    const category = search.category ? (categoryIds.get(search.category) ?? NO_SUCH_ID) : undefined;
    const universal =
      category === undefined
        ? universalOrders.all
        : (universalOrders.byCategory.get(category) ?? NO_UNIVERSAL);
    let fitting = 0;
    let alsoFitting = 0;
    for (let index = 0; index < fitment.markedCount; index += 1) {
      const doc = fitment.marked[index]!;
      if (category !== undefined && categories[doc] !== category) continue;
      this.matches[fitting++] = doc;
      if (fitment.isUniversal(doc)) alsoFitting += 1;
    }
    const total = fitting + universal.docs.length - alsoFitting;
    const start = Math.min(search.offset, total);
    const end = Math.min(search.offset + search.limit, total);
    if (start >= end) return { seqs: new Float64Array(0), total };

    // Sort keys, smaller first: the doc (catalogue order), or the rank in price or name order (negated: descending).
    const byPrice = search.sort === 'price-asc' || search.sort === 'price-desc';
    const byRank = search.sort !== 'relevance';
    const ranks = byPrice ? (prices?.ranks ?? this.data.priceRanks) : this.data.nameRanks;
    const sign = search.sort === 'price-desc' || search.sort === 'name-desc' ? -1 : 1;
    const keyOf = (doc: number) => (byRank ? sign * ranks[doc]! : doc);
    const { matches } = this;
    const first = smallestKeys(fitting, end, (index) => keyOf(matches[index]!));
    // The first `end` universal docs in the page's order that are not among the fitting ones.
    const ordered = !byRank
      ? universal.docs
      : byPrice
        ? prices
          ? universalByPrice(prices, universal)
          : universal.byPrice
        : universal.byName;
    const universalKeys = new Int32Array(end);
    let taken = 0;
    for (let step = 0; step < ordered.length && taken < end; step += 1) {
      const doc = ordered[sign > 0 ? step : ordered.length - 1 - step]!;
      if (!fitment.fits(doc)) universalKeys[taken++] = keyOf(doc);
    }
    const keys = new Float64Array(end);
    let a = 0;
    let b = 0;
    for (let index = 0; index < end; index += 1)
      keys[index] =
        b >= taken || (a < first.length && first[a]! < universalKeys[b]!) ? first[a++]! : universalKeys[b++]!;
    const order = byPrice ? (prices?.seqs ?? catalogue.byPrice) : catalogue.byName;
    return {
      seqs: Float64Array.from(keys.subarray(start), (key) => (byRank ? order[sign * key]! : seqs[key]!)),
      total,
    };
  }

  /**
   * Keeps the first `count` matches that are in `term` (sorted docs), adding the term's points; returns how many
   * remain. Walks both lists, or binary-searches the term when it is much longer than the matches.
   */
  private intersect(count: number, term: TermList): number {
    const { docs, inName } = term;
    const gallop = docs.length > 16 * count;
    let kept = 0;
    let at = 0;
    for (let index = 0; index < count && at < docs.length; index += 1) {
      const doc = this.matches[index]!;
      if (gallop) at = lowerBound(docs, doc, at, docs.length);
      else while (at < docs.length && docs[at]! < doc) at += 1;
      if (docs[at] !== doc) continue;
      this.spareMatches[kept] = doc;
      this.sparePoints[kept++] =
        this.points[index]! + (inName[at] ? NAME_WORD_POINTS : DESCRIPTION_WORD_POINTS);
    }
    [this.matches, this.spareMatches] = [this.spareMatches, this.matches];
    [this.points, this.sparePoints] = [this.sparePoints, this.points];
    return kept;
  }

  /**
   * The sorted docs holding a term (any of its postings `ranges`) and whether in the name: one range is a view of
   * the postings; several are merged, a doc in more than one keeping its best.
   */
  private termList(ranges: Range[]): TermList {
    const { lexemes, inName } = this.data;
    const lists = ranges.map(({ start, end }) => ({
      docs: lexemes.docs.subarray(start, end),
      inName: inName.subarray(start, end),
    }));
    if (lists.length === 0) return { docs: new Int32Array(0), inName: new Uint8Array(0) };
    if (lists.length <= MAX_PAIRWISE_MERGES) return lists.reduce(mergeTermLists);
    return unionOfTermLists(lists);
  }

  /** The pg_trgm similarity of doc's part number to the query's (0 when they share no trigram). */
  private numberSimilarity(doc: number, queryTrigrams: number, generation: number): number {
    if (this.numberStamp[doc] !== generation) return 0;
    return similarityOf(this.shared[doc]!, queryTrigrams, this.data.trigramCounts[doc]!);
  }

  /** Counts, per doc, the query trigrams its part number holds; lists the docs in `touched`, returns how many. */
  private shareTrigrams(trigrams: string[], generation: number): number {
    const { numberTrigrams } = this.data;
    let touched = 0;
    for (const trigram of trigrams) {
      const key = numberTrigrams.keys.get(trigram);
      if (key === undefined) continue;
      for (let index = numberTrigrams.offsets[key]!; index < numberTrigrams.offsets[key + 1]!; index += 1) {
        const doc = numberTrigrams.docs[index]!;
        if (this.numberStamp[doc] !== generation) {
          this.numberStamp[doc] = generation;
          this.shared[doc] = 1;
          this.touched[touched++] = doc;
        } else this.shared[doc]! += 1;
      }
    }
    return touched;
  }

  /** Docs whose part number may contain `partNumber`: the list of its rarest inner trigram (check each). */
  private docsContaining(partNumber: string): Int32Array {
    const { numberTrigrams } = this.data;
    let best: Int32Array | undefined;
    for (let index = 0; index + 3 <= partNumber.length; index += 1) {
      const key = numberTrigrams.keys.get(partNumber.slice(index, index + 3));
      if (key === undefined) return new Int32Array(0);
      const docs = numberTrigrams.docs.subarray(
        numberTrigrams.offsets[key]!,
        numberTrigrams.offsets[key + 1]!,
      );
      if (!best || docs.length < best.length) best = docs;
    }
    return best ?? new Int32Array(0);
  }

  /** The relevance points of `terms` for one doc (a binary search in each term's list). */
  private termPoints(doc: number, terms: TermList[]): number {
    let total = 0;
    for (const { docs, inName } of terms) {
      const at = lowerBound(docs, doc, 0, docs.length);
      if (docs[at] === doc) total += inName[at] ? NAME_WORD_POINTS : DESCRIPTION_WORD_POINTS;
    }
    return total;
  }

  /** The postings ranges of a term's alternatives (a prefix: every lexeme that starts with it). */
  private rangesOf(term: QueryTerm): Range[] {
    const { lexemes, sortedLexemes } = this.data;
    const keys = new Set<number>();
    for (const { lexeme, prefix } of term.alternatives) {
      if (!prefix) {
        const key = lexemes.keys.get(lexeme);
        if (key !== undefined) keys.add(key);
        continue;
      }
      let low = 0;
      let high = sortedLexemes.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (sortedLexemes[middle]! < lexeme) low = middle + 1;
        else high = middle;
      }
      for (
        let index = low;
        index < sortedLexemes.length && sortedLexemes[index]!.startsWith(lexeme);
        index += 1
      )
        keys.add(lexemes.keys.get(sortedLexemes[index]!)!);
    }
    return [...keys].map((key) => ({ start: lexemes.offsets[key]!, end: lexemes.offsets[key + 1]! }));
  }

  /**
   * The `seq`s of matches `start .. end` in `search`'s order (relevance: points, then seq, both descending).
   * Each match gets a sort key, smaller first and never equal (the doc is part of it); only the first `end` keys
   * are sorted, after a selection puts them first.
   */
  private order(
    count: number,
    search: PartsSearch,
    start: number,
    end: number,
    prices?: PriceOrder,
  ): Float64Array {
    const { seqs, catalogue } = this.data;
    const { matches, points } = this;
    if (search.sort === 'relevance') {
      const keyAt = (index: number) => {
        const value = points[index]!;
        const whole = Math.floor(value);
        const key = whole * SIMILARITY_SCALE + Math.round((value - whole) * SIMILARITY_SCALE);
        return -(key * MAX_INDEXED_PARTS + matches[index]!);
      };
      const first = smallestKeys(count, end, keyAt);
      return Float64Array.from(first.subarray(start), (key) => seqs[-key % MAX_INDEXED_PARTS]!);
    }
    const byPrice = search.sort === 'price-asc' || search.sort === 'price-desc';
    const ranks = byPrice ? (prices?.ranks ?? this.data.priceRanks) : this.data.nameRanks;
    const order = byPrice ? (prices?.seqs ?? catalogue.byPrice) : catalogue.byName;
    const sign = search.sort === 'price-desc' || search.sort === 'name-desc' ? -1 : 1;
    const first = smallestKeys(count, end, (index) => sign * ranks[matches[index]!]!);
    return Float64Array.from(first.subarray(start), (key) => order[sign * key]!);
  }
}

/** The docs of `universal` in `prices`' order (sorted once per price order and list). */
function universalByPrice(prices: PriceOrder, universal: UniversalOrders): Int32Array {
  let docs = prices.universal.get(universal);
  if (!docs) {
    const { ranks } = prices;
    docs = universal.docs.slice().sort((a, b) => ranks[a]! - ranks[b]!);
    prices.universal.set(universal, docs);
  }
  return docs;
}

/** Pages ending beyond this many matches are selected by firstInOrder rather than a bounded heap. */
const MAX_HEAP_SELECTION = 512;

/**
 * The `k` smallest of the distinct keys `keyAt(0 .. count - 1)`, ascending. For a page near the start (k up to
 * MAX_HEAP_SELECTION), one pass keeps the k smallest so far in a max-heap: no key array of every match, and most
 * keys are turned away by one comparison (the pass runs backwards: text matches are in ascending doc order, and of
 * equal points the later doc ranks first, so ties are turned away too). Else all keys and firstInOrder.
 */
function smallestKeys(count: number, k: number, keyAt: (index: number) => number): Float64Array {
  if (k > MAX_HEAP_SELECTION) {
    const keys = new Float64Array(count);
    for (let index = 0; index < count; index += 1) keys[index] = keyAt(index);
    return firstInOrder(keys, k);
  }
  const heap = new Float64Array(Math.min(k, count));
  let size = 0;
  for (let index = count - 1; index >= 0; index -= 1) {
    const key = keyAt(index);
    if (size < heap.length) {
      // Sift up.
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! >= key) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = key;
    } else if (key < heap[0]!) {
      // Replace the largest and sift down.
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= size) break;
        const child = left + 1 < size && heap[left + 1]! > heap[left]! ? left + 1 : left;
        if (heap[child]! <= key) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = key;
    }
  }
  return heap.sort();
}

/**
 * The `k` smallest of distinct `keys`, ascending: a selection (quickselect, median-of-three pivots) moves them to
 * the front, then only they are sorted. `keys` is reordered.
 */
function firstInOrder<T extends Float64Array | Int32Array>(keys: T, k: number): T {
  let left = 0;
  let right = keys.length - 1;
  const target = k - 1;
  while (k < keys.length && right > left) {
    const middle = (left + right) >>> 1;
    const [a, b, c] = [keys[left]!, keys[middle]!, keys[right]!];
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let low = left;
    let high = right;
    while (low <= high) {
      while (keys[low]! < pivot) low += 1;
      while (keys[high]! > pivot) high -= 1;
      if (low <= high) {
        const swap = keys[low]!;
        keys[low] = keys[high]!;
        keys[high] = swap;
        low += 1;
        high -= 1;
      }
    }
    if (target <= high) right = high;
    else if (target >= low) left = low;
    else break;
  }
  return keys.subarray(0, Math.min(k, keys.length)).sort() as T;
}

/** The first position in sorted `values[start..end)` whose value is not below `value` (`end` when none). */
function lowerBound<T extends number | string>(
  values: ArrayLike<T>,
  value: T,
  start: number,
  end: number,
): number {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The docs (ascending) holding a term, and 1 where it is in the name or number. */
interface TermList {
  docs: Int32Array;
  inName: Uint8Array;
}

/** Beyond this many lists (a short prefix), a term's lists are unioned by one sort instead of merge by merge. */
const MAX_PAIRWISE_MERGES = 8;

/** The union of many term lists: every posting as doc * 2 + inName, sorted once, the best of each doc kept. */
function unionOfTermLists(lists: TermList[]): TermList {
  const keys = new Int32Array(lists.reduce((sum, list) => sum + list.docs.length, 0));
  let length = 0;
  for (const { docs, inName } of lists)
    for (let index = 0; index < docs.length; index += 1) keys[length++] = docs[index]! * 2 + inName[index]!;
  keys.sort();
  const docs = new Int32Array(length);
  const inName = new Uint8Array(length);
  let kept = 0;
  for (let index = 0; index < length; index += 1) {
    const doc = keys[index]! >>> 1;
    if (kept > 0 && docs[kept - 1] === doc) inName[kept - 1]! |= keys[index]! & 1;
    else {
      docs[kept] = doc;
      inName[kept++] = keys[index]! & 1;
    }
  }
  return { docs: docs.subarray(0, kept), inName: inName.subarray(0, kept) };
}

/** The union of two term lists, a doc in both keeping inName when either has it. */
function mergeTermLists(a: TermList, b: TermList): TermList {
  const docs = new Int32Array(a.docs.length + b.docs.length);
  const inName = new Uint8Array(docs.length);
  let i = 0;
  let j = 0;
  let length = 0;
  while (i < a.docs.length || j < b.docs.length) {
    const fromA = j >= b.docs.length || (i < a.docs.length && a.docs[i]! <= b.docs[j]!);
    const doc = fromA ? a.docs[i]! : b.docs[j]!;
    let flag = 0;
    if (i < a.docs.length && a.docs[i] === doc) flag |= a.inName[i++]!;
    if (j < b.docs.length && b.docs[j] === doc) flag |= b.inName[j++]!;
    docs[length] = doc;
    inName[length++] = flag;
  }
  return { docs: docs.subarray(0, length), inName: inName.subarray(0, length) };
}
