import { describe, expect, it } from 'vitest';
import { formatMoney, isWholeCents, lineTotal, taxCents, toCents, toDollars } from './index.js';

describe('formatMoney', () => {
  it('shows dollars with a dollar sign, thousands separators and two decimals', () => {
    expect(formatMoney(34.5)).toBe('$34.50');
    expect(formatMoney(6900)).toBe('$6,900.00');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('does not show "$NaN" for an amount that is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('—');
  });
});

describe('cents and dollars', () => {
  it('converts both ways exactly, rounding to the cent', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1_000_000)).toBe(100_000_000);
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(100_000_000_000_000)).toBe(1_000_000_000_000);
  });

  it('totals a line item in cents, so 3 x $0.10 is $0.30 and 7 x $10.99 is $76.93', () => {
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotal(7, 10.99)).toBe(76.93);
    expect(lineTotal(1_000_000, 1_000_000)).toBe(1_000_000_000_000);
  });

  it('knows whether an amount has a fraction of a cent', () => {
    expect(isWholeCents(12.5)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(12.345)).toBe(false);
  });
});

describe('taxCents', () => {
  it('is the subtotal times the rate in basis points, rounded half up to the cent', () => {
    expect(taxCents(1000, 825)).toBe(83);
    expect(taxCents(1000, 824)).toBe(82);
    expect(taxCents(1999, 700)).toBe(140);
    expect(taxCents(12_345, 0)).toBe(0);
    expect(taxCents(12_345, 10_000)).toBe(12_345);
    expect(taxCents(0, 825)).toBe(0);
  });

  it('stays exact for the largest subtotals the shop stores', () => {
    expect(taxCents(100_000_000_000_000, 825)).toBe(8_250_000_000_000);
    expect(taxCents(99_999_999_999_999, 1)).toBe(10_000_000_000);
  });
});
