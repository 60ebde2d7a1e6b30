import { describe, expect, it } from 'vitest';
import { priceBreaksProblem } from '@partsforge/shared/pricing';
import {
  DEFAULT_CATALOG_SEED,
  demoCatalog,
  generateParts,
  makeCode,
  withWholesaleTerms,
} from './catalog-generator.js';
import { makes, partTypes, parts as curatedParts } from './seed-data/index.js';

const options = { makes, partTypes, curated: curatedParts };

describe('generateParts', () => {
  const generated = generateParts(5000, options);

  it('gives exactly the requested number of parts, the curated ones first', () => {
    expect(generated).toHaveLength(5000);
    expect(generated.slice(0, curatedParts.length)).toEqual(curatedParts);
    expect(generateParts(50, options)).toEqual(curatedParts.slice(0, 50));
    expect(generateParts(0, options)).toEqual([]);
  });

  it('is reproducible: the same seed gives the same catalogue, another seed another one', () => {
    expect(generateParts(5000, options)).toEqual(generated);
    expect(generateParts(5000, { ...options, seed: DEFAULT_CATALOG_SEED })).toEqual(generated);
    expect(generateParts(5000, { ...options, seed: 7 }).slice(curatedParts.length)).not.toEqual(
      generated.slice(curatedParts.length),
    );
  });

  it('uses unique part numbers in the demo format: type prefix, make code, five digits', () => {
    expect(new Set(generated.map((part) => part.sku)).size).toBe(generated.length);
    const typeBySlug = new Map(partTypes.map((type) => [type.img, type]));
    for (const part of generated.slice(curatedParts.length)) {
      const type = typeBySlug.get(part.img)!;
      expect(part.sku, part.name).toBe(`${type.skuPrefix}-${makeCode(part.make!)}-${part.sku.slice(-5)}`);
      expect(part.sku).toMatch(/^[A-Z0-9]+-[A-Z]{2,3}-\d{5}$/);
    }
  });

  it('builds each part from a real part type, make and model, with wholesale quantities and prices', () => {
    const typeByImg = new Map(partTypes.map((type) => [type.img, type]));
    const makeBySlug = new Map(makes.map((make) => [make.slug, make]));
    for (const part of generated.slice(curatedParts.length)) {
      const type = typeByImg.get(part.img)!;
      const make = makeBySlug.get(part.make!)!;
      expect(part.category).toBe(type.category);
      expect(part.name).toContain(type.name);
      expect(
        make.models.some((model) => part.name.includes(`${make.name} ${model}`)),
        part.name,
      ).toBe(true);
      expect(part.description).not.toMatch(/\{make\}|\{model\}/);
      expect(type.minqtyChoices).toContain(part.minqty);
      expect(part.available % part.minqty).toBe(0);
      expect(part.available).toBeGreaterThanOrEqual(2 * part.minqty);
      expect(Number.isInteger(part.priceCents)).toBe(true);
      expect(part.priceCents).toBeGreaterThanOrEqual(type.priceCents.min);
      expect(part.priceCents).toBeLessThanOrEqual(type.priceCents.max);
      expect(part.name).toMatch(/ (19|20)\d\d-(19|20)\d\d$/);
    }
  });

  it('spreads parts over every part type and make', () => {
    expect(new Set(generated.map((part) => part.img)).size).toBe(partTypes.length);
    expect(new Set(generated.map((part) => part.make))).toEqual(
      new Set([...makes.map((make) => make.slug), null]),
    );
  });

  it('rejects a negative or fractional count', () => {
    expect(() => generateParts(-1, options)).toThrow('whole number');
    expect(() => generateParts(1.5, options)).toThrow('whole number');
  });
});

describe('demoCatalog', () => {
  it('is the curated demo catalogue by default, and has exactly N parts when asked', async () => {
    expect((await demoCatalog()).parts).toEqual(curatedParts.map(withWholesaleTerms));
    const large = await demoCatalog(1000);
    expect(large.parts).toHaveLength(1000);
    expect(large.makes).toEqual(makes);
  });

  it('gives parts wholesale terms: packs that divide the minimum, valid breaks on about 60%, some on the first page', async () => {
    const catalogue = (await demoCatalog(88_000)).parts;
    for (const part of catalogue) {
      expect(part.minqty % part.packSize!).toBe(0);
      expect(priceBreaksProblem(part.priceCents, part.priceBreaks!)).toBeNull();
      for (const tier of part.priceBreaks!) expect(tier.minQuantity % part.packSize!).toBe(0);
    }
    const share = (test: (part: (typeof catalogue)[number]) => boolean) =>
      catalogue.filter(test).length / catalogue.length;
    expect(share((part) => part.priceBreaks!.length > 0)).toBeGreaterThan(0.5);
    expect(share((part) => part.priceBreaks!.length > 0)).toBeLessThan(0.7);
    expect(share((part) => part.packSize! > 1)).toBeGreaterThan(0.2);
    // Bolts-and-filters packs, axle sets and single bulky parts, from the first page of the catalogue on.
    const firstPage = catalogue.slice(0, 24);
    expect(firstPage.some((part) => part.priceBreaks!.length > 0)).toBe(true);
    expect(firstPage.some((part) => part.packSize! > 1)).toBe(true);
    const packOf = (prefix: string) => catalogue.find((part) => part.sku.startsWith(`${prefix}-`))!.packSize;
    expect(packOf('BP')).toBe(2);
    expect([10, 25]).toContain(packOf('OF'));
    expect(packOf('RAD')).toBe(1);
    // The same part number always gets the same terms.
    expect(withWholesaleTerms(catalogue[500]!)).toEqual(catalogue[500]);
  });
});
