import { describe, expect, it } from 'vitest';
import { formatMoney } from './index.js';

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
