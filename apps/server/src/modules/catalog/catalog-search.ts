/**
 * The catalogue search's text handling (docs/decisions/005-catalogue-search.md): a request's `q` is
 * split into words exactly as the database splits part names, numbers and descriptions (schema/catalog.ts:
 * every run of characters other than ASCII letters and digits is a break), so 'BP-TOY-48210', 'bp toy 48210'
 * and 'BPTOY48210' mean the same part. Pure functions; the SQL lives in catalog-repository.ts.
 */
import type { PartSort, PartsQuery } from '@partsforge/shared';

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

/**
 * The `to_tsquery` text of `terms`: every word required, the last one also as a prefix when it is long
 * enough (the visitor may still be typing it); a word with a correction (typo stage) may be either. Words are
 * [a-z0-9]+, so no tsquery operator can slip in.
 */
export function fullTextQuery(terms: string[], corrections: ReadonlyMap<string, string> = new Map()): string {
  return terms
    .map((term, index) => {
      const typed = index === terms.length - 1 && term.length >= MIN_FUZZY_TERM_LENGTH ? `${term}:*` : term;
      const corrected = corrections.get(term);
      return corrected && corrected !== term ? `(${typed} | ${corrected})` : typed;
    })
    .join(' & ');
}

/** The words worth correcting: 3+ characters and not only digits (numbers are matched as part numbers). */
export function correctableTerms(terms: string[]): string[] {
  return [...new Set(terms.filter((term) => term.length >= MIN_FUZZY_TERM_LENGTH && !/^\d+$/.test(term)))];
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
}

/** Normalises a validated `GET /api/parts` query. */
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
