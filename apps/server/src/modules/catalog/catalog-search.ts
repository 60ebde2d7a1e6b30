/**
 * The catalogue search's text handling (docs/decisions/005-catalogue-search.md): a request's `q` is
 * split into words exactly as the database splits part names, numbers and descriptions (schema/catalog.ts:
 * every run of characters other than ASCII letters and digits is a break), so 'BP-TOY-48210', 'bp toy 48210'
 * and 'BPTOY48210' mean the same part. Pure functions; the SQL lives in catalog-repository.ts.
 */
import type { PartSort, PartsQuery } from '@partsforge/shared';
import type { VehicleFilter } from '../vehicles/index.js';
import { synonymsOf } from './search-synonyms.js';

/** Words of a query beyond this many are ignored: they bound the work one request can ask for. */
export const MAX_SEARCH_TERMS = 10;
/** Shortest word matched as a prefix ('alt' finds 'Alternator') and corrected when misspelt. */
export const MIN_FUZZY_TERM_LENGTH = 3;
/** Shortest separator-free part number matched inside part numbers ('4821' finds 'BP-TOY-48210'). */
export const MIN_PART_NUMBER_LENGTH = 3;

/** The search words of `q`: lower case, ASCII letters and digits only, at most MAX_SEARCH_TERMS. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  // Split before lower-casing, as the database does: a non-ASCII letter whose lower case is ASCII is a break.
  return q
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_TERMS)
    .map((term) => term.toLowerCase());
}

/** One stemmed word of a search (as in the full-text document), matched whole or, with `prefix`, as a prefix. */
export interface QueryLexeme {
  lexeme: string;
  prefix: boolean;
}

/** One required word of a search: a part matches it when it holds any of its alternatives. */
export interface QueryTerm {
  alternatives: QueryLexeme[];
}

/**
 * A search as both of its executors run it (docs/decisions/016-in-process-search-index.md): the SQL stages of
 * catalog-sql.ts and the in-process index of search-index.ts, which must answer alike.
 * - `terms`: the full-text words, all required; none = the full text matches nothing.
 * - `partNumber`: the query without breaks ('bp toy 48210' -> 'bptoy48210'), matched against part numbers:
 *   in stage `exact` contained in one (PartNumberMatch 'contains'), in stage `typo` similar to one ('similar').
 */
export interface TextQuery {
  stage: 'exact' | 'typo';
  terms: QueryTerm[];
  partNumber: string;
}

/**
 * The stemmed words of each query word, as the database's `to_tsvector('english', word)` gives them: usually one,
 * none for a stop word ('the', 'for'). Looked up in the database (catalog-repository.ts lexemesOf).
 */
export type Lexemes = ReadonlyMap<string, readonly string[]>;

/** Relevance points of a query word found in a part's name or number (weight A), and in its description only. */
export const NAME_WORD_POINTS = 10;
export const DESCRIPTION_WORD_POINTS = 4;
/** Relevance points of the very part number, and of part numbers that start with the query (stage exact). */
export const EXACT_PART_NUMBER_POINTS = 1000;
export const PART_NUMBER_PREFIX_POINTS = 500;
/** Least pg_trgm similarity of a part number to the query's for a typo match (pg_trgm's default threshold). */
export const SIMILARITY_THRESHOLD = 0.3;

/**
 * How a query's part number is matched: 'contains' (stage exact, 3+ characters: a piece of a part number), 'similar'
 * (stage typo, more than 3 characters with a digit: a misspelt part number; a word without digits is a
 * misspelt word, and 'alternatr' alone shares a trigram with thousands of part numbers), or not at all.
 */
export function partNumberMatch(query: TextQuery): 'contains' | 'similar' | null {
  const { partNumber } = query;
  if (query.stage === 'exact') return partNumber.length >= MIN_PART_NUMBER_LENGTH ? 'contains' : null;
  return partNumber.length > MIN_PART_NUMBER_LENGTH && /\d/.test(partNumber) ? 'similar' : null;
}

/**
 * The lexemes of `word` and of its synonyms (search-synonyms.ts) as alternatives; the word itself, when it is the
 * last of the query and long enough, also as a prefix. Repeats are dropped.
 */
function alternativesOf(word: string, lexemes: Lexemes, prefix: boolean): QueryLexeme[] {
  const alternatives = (lexemes.get(word) ?? []).map((lexeme) => ({ lexeme, prefix }));
  for (const synonym of synonymsOf(word))
    for (const lexeme of lexemes.get(synonym) ?? [])
      if (!alternatives.some((known) => known.lexeme === lexeme && !known.prefix))
        alternatives.push({ lexeme, prefix: false });
  return alternatives;
}

/** Whether `terms[index]` is matched as a prefix: the last word, 3+ characters (the buyer may still be typing). */
function isPrefix(terms: string[], index: number): boolean {
  return index === terms.length - 1 && terms[index]!.length >= MIN_FUZZY_TERM_LENGTH;
}

/**
 * Stage 1, exact words: every word of `terms` (stemmed by `lexemes`, stop words dropped, the last one also as a
 * prefix), or the separator-free query inside a part number.
 */
export function exactQuery(terms: string[], lexemes: Lexemes): TextQuery {
  return {
    stage: 'exact',
    terms: terms
      .map((term, index) => ({ alternatives: alternativesOf(term, lexemes, isPrefix(terms, index)) }))
      .filter((term) => term.alternatives.length > 0),
    partNumber: terms.join(''),
  };
}

/**
 * Stage 2, typos, tried only when stage 1 finds nothing: each misspelt word also accepts its correction
 * (`corrections`, from the dictionary of name words: 'toyta' -> 'toyota'), or a part number is similar to the
 * query's. The full text takes part only when some word was corrected. Null when there is nothing to try.
 */
export function typoQuery(
  terms: string[],
  lexemes: Lexemes,
  corrections: ReadonlyMap<string, string>,
): TextQuery | null {
  const query: TextQuery = {
    stage: 'typo',
    terms: corrections.size
      ? terms
          .map((term, index) => {
            const corrected = corrections.get(term);
            return {
              alternatives: [
                ...alternativesOf(term, lexemes, isPrefix(terms, index)),
                ...(corrected && corrected !== term ? alternativesOf(corrected, lexemes, false) : []),
              ],
            };
          })
          .filter((term) => term.alternatives.length > 0)
      : [],
    partNumber: terms.join(''),
  };
  return query.terms.length || partNumberMatch(query) ? query : null;
}

/**
 * The tsquery text of one term (`weight` 'A': matched in the name or number only), e.g. `( 'pad':* | 'pads' )`.
 * Lexemes are [a-z0-9]+ (stems of such words), so no tsquery syntax can slip in.
 */
export function termTsquery(term: QueryTerm, weight: 'A' | '' = ''): string {
  const alternatives = term.alternatives.map(
    ({ lexeme, prefix }) => `'${lexeme}'${prefix || weight ? ':' : ''}${prefix ? '*' : ''}${weight}`,
  );
  return `( ${alternatives.join(' | ')} )`;
}

/** The words worth correcting: 3+ characters and not only digits (numbers are matched as part numbers). */
export function correctableTerms(terms: string[]): string[] {
  return [...new Set(terms.filter((term) => term.length >= MIN_FUZZY_TERM_LENGTH && !/^\d+$/.test(term)))];
}

/** Every word whose lexemes a search may need: its words, their corrections, and the synonyms of both. */
export function wordsToStem(terms: string[], corrections: ReadonlyMap<string, string> = new Map()): string[] {
  const words = [...terms, ...corrections.values()];
  return [...new Set([...words, ...words.flatMap((word) => synonymsOf(word))])];
}

/** A parts request after normalisation: what the repository runs and what the cache keys on. */
export interface PartsSearch {
  /** Search words (searchTerms); empty = no search. */
  terms: string[];
  /** Category `_id` (lower case) or undefined. */
  category: string | undefined;
  make: string | undefined;
  sort: PartSort;
  limit: number;
  offset: number;
  /**
   * The vehicle filter (docs/requirements.md §12): undefined for none, null for a vehicle the list does not have
   * (nothing matches).
   */
  vehicle?: VehicleFilter | null;
}

/**
 * Normalises a validated `GET /api/parts` query, its make and vehicle as given: catalog-reads.ts resolves the
 * make to an `_id` and the vehicle to a filter (resolveSearch).
 */
export function toPartsSearch(query: PartsQuery): PartsSearch {
  return {
    terms: searchTerms(query.q),
    category: query.category,
    make: query.make,
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  };
}

/** The cache key part of a vehicle filter ('' for none, 'none' for an unknown vehicle). */
function vehicleKey(vehicle: VehicleFilter | null | undefined): string {
  if (vehicle === undefined) return '';
  if (vehicle === null) return 'vehicle=none';
  const { make, model, year, engine, universal } = vehicle;
  return `vehicle=${[make, model ?? '', year ?? '', engine ?? '', universal ? 'u' : ''].map(encodeURIComponent).join('/')}`;
}

/**
 * Key of a parts request's result list (catalog-cache.ts `partResults`): the search without its page, equal for
 * requests that must match the same parts in the same order ('Brake  PADS' and 'brake pads'; 'relevance'
 * without words is the default order, written as nothing). '' for the plain catalogue.
 */
export function partsResultKey(search: PartsSearch): string {
  const sort = search.terms.length === 0 && search.sort === 'relevance' ? undefined : search.sort;
  return [
    search.terms.length ? `q=${search.terms.join('+')}` : '',
    search.category ? `category=${search.category}` : '',
    search.make ? `make=${search.make}` : '',
    vehicleKey(search.vehicle),
    sort ? `sort=${sort}` : '',
  ]
    .filter(Boolean)
    .join('&');
}

/** Cache key of a parts request's response: its result list's key and its page. The plain list keeps its short key. */
export function partsCacheKey(search: PartsSearch): string {
  const key = `parts?limit=${search.limit}&offset=${search.offset}`;
  const result = partsResultKey(search);
  return result ? `${key}&${result}` : key;
}
