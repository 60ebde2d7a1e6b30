/** Reading quick-order text (docs/requirements.md §11 "Quick order"): separators, headers, line numbers. */
import { messages } from '@partsforge/shared';
import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './quick-order.js';

describe('parseQuickOrder', () => {
  it('reads space, tab, comma and semicolon lines, keeping line numbers past blank lines', () => {
    expect(parseQuickOrder('A-1 2\n\nB-2\t30\nC-3,4\r\nD-4;  5\nE-5   6')).toEqual([
      { line: 1, sku: 'A-1', quantity: 2 },
      { line: 3, sku: 'B-2', quantity: 30 },
      { line: 4, sku: 'C-3', quantity: 4 },
      { line: 5, sku: 'D-4', quantity: 5 },
      { line: 6, sku: 'E-5', quantity: 6 },
    ]);
  });

  it('skips a header row and reads wider CSV files by column name', () => {
    expect(parseQuickOrder('sku quantity\nA-1 2')).toEqual([{ line: 2, sku: 'A-1', quantity: 2 }]);
    expect(parseQuickOrder('Part Number,Qty\nA-1,2')).toEqual([{ line: 2, sku: 'A-1', quantity: 2 }]);
    expect(parseQuickOrder('\uFEFFqty,description,sku\n3,"Pads, front",A-1')).toEqual([
      { line: 2, sku: 'A-1', quantity: 3 },
    ]);
  });

  it('reads SKUs that begin like a header word, reversed headers, and lines after a stray quote', () => {
    expect(parseQuickOrder('PART-7 4\nSKU123 2')).toEqual([
      { line: 1, sku: 'PART-7', quantity: 4 },
      { line: 2, sku: 'SKU123', quantity: 2 },
    ]);
    expect(parseQuickOrder('qty,sku\n3,A-1')).toEqual([{ line: 2, sku: 'A-1', quantity: 3 }]);
    expect(parseQuickOrder('A-1 2\n"B-2 3\nC-3 4')).toEqual([
      { line: 1, sku: 'A-1', quantity: 2 },
      { line: 2, sku: '"B-2', quantity: 3 },
      { line: 3, sku: 'C-3', quantity: 4 },
    ]);
  });

  it('marks lines without a readable whole quantity', () => {
    expect(parseQuickOrder('A-1\nB-2 0\nC-3 1.5\nD-4 -2\nE-5 1e3\nF-6 2000000')).toEqual([
      { line: 1, sku: 'A-1', quantity: null, error: messages.cart.missingQuantity },
      { line: 2, sku: 'B-2', quantity: null, error: messages.cart.badQuantity },
      { line: 3, sku: 'C-3', quantity: null, error: messages.cart.badQuantity },
      { line: 4, sku: 'D-4', quantity: null, error: messages.cart.badQuantity },
      { line: 5, sku: 'E-5', quantity: null, error: messages.cart.badQuantity },
      { line: 6, sku: 'F-6', quantity: null, error: messages.cart.badQuantity },
    ]);
  });

  it('reads nothing from empty text', () => {
    expect(parseQuickOrder('')).toEqual([]);
    expect(parseQuickOrder('\n\n  \n')).toEqual([]);
  });
});
