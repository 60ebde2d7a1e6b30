/**
 * The parts CSV's cell formats (docs/requirements.md §13 "Catalogue in bulk"): what an admin reads in a spreadsheet,
 * and that every value written reads back the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitmentKey,
  formatCents,
  formatFitment,
  formatPriceBreaks,
  parseBoolean,
  parseDollars,
  parseFitment,
  parsePriceBreaks,
} from './catalog-csv-codec.js';
import type { NewFitmentRow } from './fitment-repository.js';

const row = (overrides: Partial<NewFitmentRow> = {}): NewFitmentRow => ({
  makeSlug: 'toyota',
  modelSlug: 'camry',
  yearFrom: 2018,
  yearTo: 2020,
  engine: null,
  submodel: null,
  position: null,
  quantity: 1,
  note: null,
  ...overrides,
});

/** A fitment cell's rows as the import reads them back into stored rows. */
function readBack(cell: string): NewFitmentRow[] {
  return parseFitment(cell).map((parsed) => {
    if (!parsed) throw new Error(`unreadable: ${cell}`);
    return {
      makeSlug: parsed.make,
      modelSlug: parsed.model,
      yearFrom: parsed.yearFrom,
      yearTo: parsed.yearTo,
      engine: parsed.engine || null,
      submodel: parsed.submodel || null,
      position: parsed.position || null,
      quantity: parsed.quantity ?? 1,
      note: parsed.note || null,
    };
  });
}

describe('money and price breaks', () => {
  it('writes cents as dollars with two decimals and reads dollars back', () => {
    expect([1999, 5, 100, 123456789].map(formatCents)).toEqual(['19.99', '0.05', '1.00', '1234567.89']);
    expect(['19.99', ' 4.5 ', '20'].map(parseDollars)).toEqual([19.99, 4.5, 20]);
    expect(['$4.50', '1,200.00', '-3', 'abc', ''].map(parseDollars)).toEqual([null, null, null, null, null]);
  });

  it('writes breaks as quantity:price pairs and reads them back', () => {
    expect(formatPriceBreaks([10, 50], [450, 400])).toBe('10:4.50;50:4.00');
    expect(formatPriceBreaks([], [])).toBe('');
    expect(parsePriceBreaks('10:4.50; 50:4')).toEqual([
      { minQuantity: 10, price: 4.5 },
      { minQuantity: 50, price: 4 },
    ]);
    expect(parsePriceBreaks('')).toEqual([]);
    expect(parsePriceBreaks('10-4.50')).toBeNull();
    expect(parsePriceBreaks('10:4.50:1')).toBeNull();
  });

  it('reads universal as true or false, any case, empty as false', () => {
    expect(['true', 'FALSE', '', ' True '].map(parseBoolean)).toEqual([true, false, false, true]);
    expect(parseBoolean('yes')).toBeNull();
  });
});

describe('fitment cells', () => {
  it('writes rows compactly, leaving out trailing empty fields and a quantity of 1', () => {
    expect(
      formatFitment([
        row(),
        row({ yearTo: 2018, engine: '2.5L 4-cyl', quantity: 4 }),
        row({
          makeSlug: 'ford',
          modelSlug: 'f-150',
          position: 'Front',
          quantity: 2,
          note: 'With towing package',
        }),
      ]),
    ).toBe(
      'toyota/camry/2018-2020;toyota/camry/2018/2.5L 4-cyl///4;ford/f-150/2018-2020///Front/2/With towing package',
    );
  });

  it('escapes %, / and ; inside a field, and reads any other % as itself', () => {
    const tricky = row({ submodel: 'LE/XLE', note: '50% off; see 10%2F' });
    const cell = formatFitment([tricky]);
    expect(cell).toBe('toyota/camry/2018-2020//LE%2FXLE///50%25 off%3B see 10%252F');
    expect(readBack(cell)).toEqual([tricky]);
    expect(readBack('toyota/camry/2019////1/Fits 50% of trims')[0]!.note).toBe('Fits 50% of trims');
  });

  it('reads rows separated by semicolons or line breaks, and refuses rows without make, model and years', () => {
    expect(readBack('toyota/camry/2019;\n honda/civic/2016-2021 ;')).toEqual([
      row({ yearFrom: 2019, yearTo: 2019 }),
      row({ makeSlug: 'honda', modelSlug: 'civic', yearFrom: 2016, yearTo: 2021 }),
    ]);
    expect(parseFitment('toyota/camry')).toEqual([null]);
    expect(parseFitment('toyota/camry/19')).toEqual([null]);
    expect(parseFitment('toyota/camry/2019////two')).toEqual([null]);
    expect(parseFitment('a/b/2019/1/2/3/4/5/6')).toEqual([null]);
  });

  it('round-trips any rows, and keys them the same in any order', () => {
    const text = fc.option(
      fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim() === value && value !== ''),
      { nil: null },
    );
    const rows = fc.array(
      fc.record({
        makeSlug: fc.stringMatching(/^[a-z0-9-]{1,10}$/),
        modelSlug: fc.stringMatching(/^[a-z0-9-]{1,10}$/),
        yearFrom: fc.integer({ min: 1990, max: 2026 }),
        yearTo: fc.integer({ min: 1990, max: 2026 }),
        engine: text,
        submodel: text,
        position: fc.constantFrom(null, 'Front', 'Rear Left'),
        quantity: fc.integer({ min: 1, max: 99 }),
        note: text,
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(rows, (written) => {
        const cleaned = written
          .map((r) => ({ ...r, yearTo: Math.max(r.yearFrom, r.yearTo) }))
          // Line breaks and semicolons separate rows; the import never keeps control characters in a field.
          .filter(
            (r) => ![r.engine, r.submodel, r.note].some((value) => value !== null && /[\p{Cc}]/u.test(value)),
          );
        expect(readBack(formatFitment(cleaned))).toEqual(cleaned);
        expect(fitmentKey([...cleaned].reverse())).toBe(fitmentKey(cleaned));
      }),
    );
  });
});
