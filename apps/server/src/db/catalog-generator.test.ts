import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_SEED, demoCatalog, generateParts, makeCode } from './catalog-generator.js';
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
    expect((await demoCatalog()).parts).toEqual(curatedParts);
    const large = await demoCatalog(1000);
    expect(large.parts).toHaveLength(1000);
    expect(large.makes).toEqual(makes);
  });
});
