import { describe, expect, it } from 'vitest';
import { parseSeqs } from './catalog-repository.js';

describe('parseSeqs', () => {
  it('reads the aggregated seqs in their order', () => {
    expect(Array.from(parseSeqs('12,3,40'))).toEqual([12, 3, 40]);
    expect(Array.from(parseSeqs('7'))).toEqual([7]);
    expect(Array.from(parseSeqs('9007199254740991,0'))).toEqual([Number.MAX_SAFE_INTEGER, 0]);
  });

  it('reads no rows as an empty list', () => {
    expect(parseSeqs(null)).toHaveLength(0);
    expect(parseSeqs('')).toHaveLength(0);
  });

  it('agrees with split() on a catalogue-sized list', () => {
    const seqs = Array.from({ length: 88_000 }, (_, index) => 1 + ((index * 7919) % 88_000));
    expect(Array.from(parseSeqs(seqs.join(',')))).toEqual(seqs);
  });
});
