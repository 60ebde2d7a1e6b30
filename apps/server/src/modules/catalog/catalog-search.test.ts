import { partsQuerySchema } from '@partsforge/shared';
import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_TERMS,
  correctableTerms,
  fullTextQuery,
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

describe('fullTextQuery', () => {
  it('requires every word and lets the last one of 3+ characters be a prefix', () => {
    expect(fullTextQuery(['brake', 'pad'])).toBe('brake & pad:*');
    expect(fullTextQuery(['bp', 'toy', '48210'])).toBe('bp & toy & 48210:*');
    expect(fullTextQuery(['oil', 'fi'])).toBe('oil & fi');
  });

  it('lets a misspelt word match its correction too', () => {
    const corrections = new Map([
      ['toyta', 'toyota'],
      ['alternatr', 'alternator'],
    ]);
    expect(fullTextQuery(['toyta', 'alternatr'], corrections)).toBe(
      '(toyta | toyota) & (alternatr:* | alternator)',
    );
    expect(fullTextQuery(['brake', 'rotr'], new Map([['rotr', 'rotor']]))).toBe('brake & (rotr:* | rotor)');
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
