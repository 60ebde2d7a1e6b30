import { partsQuerySchema } from '@partsforge/shared';
import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_TERMS,
  correctableTerms,
  exactQuery,
  partNumberMatch,
  termTsquery,
  typoQuery,
  partsCacheKey,
  searchTerms,
  toPartsSearch,
} from './catalog-search.js';

describe('searchTerms', () => {
  it.each([
    ['BP-TOY-48210', ['bp', 'toy', '48210']],
    ['  Brake   PADS ', ['brake', 'pads']],
    ['F-150 2.5L', ['f', '150', '2', '5l']],
    ["brake' or '1'='1", ['brake', 'or', '1', '1']],
    ['pad:* & !rotor | (x)', ['pad', 'rotor', 'x']],
    ['%_\\', []],
    ['', []],
    [undefined, []],
  ])('splits %j into %j', (q, terms) => {
    expect(searchTerms(q)).toEqual(terms);
  });

  it(`keeps at most ${MAX_SEARCH_TERMS} words`, () => {
    expect(searchTerms('a b c d e f g h i j k l')).toEqual('a b c d e f g h i j'.split(' '));
  });
});

describe('exactQuery and typoQuery', () => {
  const lexemes = new Map<string, string[]>([
    ['brake', ['brake']],
    ['pads', ['pad']],
    ['for', []],
    ['toyta', ['toyta']],
    ['toyota', ['toyota']],
    ['rotr', ['rotr']],
    ['rotor', ['rotor']],
    ['oil', ['oil']],
    ['fi', ['fi']],
  ]);

  it('requires every stemmed word, drops stop words, and lets the last one of 3+ characters be a prefix', () => {
    const query = exactQuery(['brake', 'for', 'pads'], lexemes);
    expect(query.terms.map((term) => termTsquery(term))).toEqual(["( 'brake' )", "( 'pad':* )"]);
    expect(query.partNumber).toBe('brakeforpads');
    expect(partNumberMatch(query)).toBe('contains');
    expect(exactQuery(['oil', 'fi'], lexemes).terms.map((term) => termTsquery(term, 'A'))).toEqual([
      "( 'oil':A )",
      "( 'fi':A )",
    ]);
    expect(partNumberMatch(exactQuery(['fi'], lexemes))).toBeNull();
  });

  it('lets a misspelt word match its correction too, and tries no typo stage without a correction or number', () => {
    const query = typoQuery(['toyta', 'rotr'], lexemes, new Map([['toyta', 'toyota']]))!;
    expect(query.terms.map((term) => termTsquery(term))).toEqual(["( 'toyta' | 'toyota' )", "( 'rotr':* )"]);
    expect(partNumberMatch(query)).toBeNull();
    expect(typoQuery(['toyta', 'rotr'], lexemes, new Map())).toBeNull();
    const number = typoQuery(['bp', 'toy', '4821x'], lexemes, new Map())!;
    expect(number.terms).toEqual([]);
    expect(partNumberMatch(number)).toBe('similar');
  });
});

describe('correctableTerms', () => {
  it('keeps words of 3+ characters that are not plain numbers, once each', () => {
    expect(correctableTerms(['bp', 'toyta', '48210', 'f150', 'toyta', 'v6'])).toEqual(['toyta', 'f150']);
  });
});

describe('partsCacheKey', () => {
  const key = (query: Record<string, unknown>) => partsCacheKey(toPartsSearch(partsQuerySchema.parse(query)));

  it('keeps the plain list key of the home page', () => {
    expect(key({ limit: '6' })).toBe('parts?limit=6&offset=0');
    expect(key({ limit: '6', q: ' %% ', sort: 'relevance' })).toBe('parts?limit=6&offset=0');
  });

  it('is the same for queries that must give the same answer, and differs otherwise', () => {
    expect(key({ q: 'Brake  PADS' })).toBe(key({ q: 'brake-pads' }));
    expect(key({ q: 'brake pads' })).not.toBe(key({ q: 'pads brake' }));
    expect(key({ category: '3F1C2B9E-8D7A-4C6B-9E5F-1A2B3C4D5E6F' })).toBe(
      key({ category: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' }),
    );
    expect(key({ sort: 'price-asc' })).not.toBe(key({ sort: 'price-desc' }));
    expect(key({ make: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' })).not.toBe(
      key({ category: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f' }),
    );
  });
});
