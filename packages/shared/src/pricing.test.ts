import { describe, expect, it } from 'vitest';
import { priceBreaksProblem, quantityProblem, unitPriceCents } from './pricing.js';

const breaks = [
  { minQuantity: 50, priceCents: 920 },
  { minQuantity: 200, priceCents: 850 },
];

describe('unitPriceCents', () => {
  it('takes the price of the highest break at or below the quantity', () => {
    expect(unitPriceCents(1, 1000, breaks)).toBe(1000);
    expect(unitPriceCents(49, 1000, breaks)).toBe(1000);
    expect(unitPriceCents(50, 1000, breaks)).toBe(920);
    expect(unitPriceCents(199, 1000, breaks)).toBe(920);
    expect(unitPriceCents(200, 1000, breaks)).toBe(850);
    expect(unitPriceCents(10_000, 1000, breaks)).toBe(850);
    expect(unitPriceCents(7, 1000, [])).toBe(1000);
  });
});

describe('quantityProblem', () => {
  const rules = { minqty: 10, packSize: 5, available: 100 };
  it('checks the minimum, then the pack multiple, then the stock', () => {
    expect(quantityProblem(5, rules)).toBe('below-minimum');
    expect(quantityProblem(12, rules)).toBe('not-pack-multiple');
    expect(quantityProblem(105, rules)).toBe('above-stock');
    expect(quantityProblem(103, rules)).toBe('not-pack-multiple');
    expect(quantityProblem(10, rules)).toBeNull();
    expect(quantityProblem(100, rules)).toBeNull();
  });
});

describe('priceBreaksProblem', () => {
  it('accepts ascending thresholds above 1 with descending positive prices below the base', () => {
    expect(priceBreaksProblem(1000, breaks)).toBeNull();
    expect(priceBreaksProblem(1000, [])).toBeNull();
  });

  it('names the broken rule', () => {
    expect(priceBreaksProblem(1000, [{ minQuantity: 1, priceCents: 900 }])).toMatch(
      /ascending order, above 1/,
    );
    expect(priceBreaksProblem(1000, [...breaks].reverse())).toMatch(/ascending order/);
    expect(priceBreaksProblem(1000, [{ minQuantity: 50, priceCents: 1000 }])).toMatch(/below the base price/);
    expect(
      priceBreaksProblem(1000, [
        { minQuantity: 50, priceCents: 900 },
        { minQuantity: 100, priceCents: 950 },
      ]),
    ).toMatch(/go down/);
    expect(priceBreaksProblem(1000, [{ minQuantity: 50, priceCents: 0 }])).toMatch(/positive/);
    expect(priceBreaksProblem(1000, [{ minQuantity: 2.5, priceCents: 900 }])).toMatch(/whole numbers/);
    const many = Array.from({ length: 11 }, (_, index) => ({
      minQuantity: 10 + index,
      priceCents: 900 - index,
    }));
    expect(priceBreaksProblem(1000, many)).toMatch(/At most 10/);
  });
});
