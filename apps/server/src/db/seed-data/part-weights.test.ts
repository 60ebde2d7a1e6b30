/** Every kind of part has a realistic shipping weight, and both seeded catalogues carry it (docs/requirements.md §16). */
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../catalog-generator.js';
import { partTypes } from './part-types.js';
import { DEFAULT_PART_WEIGHT_GRAMS, PART_WEIGHT_GRAMS, partWeightGrams } from './part-weights.js';

describe('part weights', () => {
  it('has a weight for every part type, between 10 g and 50 kg', () => {
    for (const type of partTypes) {
      const grams = PART_WEIGHT_GRAMS[type.skuPrefix];
      expect(grams, type.slug).toBeDefined();
      expect(grams!, type.slug).toBeGreaterThanOrEqual(10);
      expect(grams!, type.slug).toBeLessThanOrEqual(50_000);
    }
  });

  it('weighs a part by its SKU prefix, in any case, and an unknown kind 1 kg', () => {
    expect(partWeightGrams('BP-TOY-48210')).toBe(1200);
    expect(partWeightGrams('bat-unv-24f')).toBe(18_000);
    expect(partWeightGrams('OF-HON-15400')).toBe(400);
    expect(partWeightGrams('PF-3F9A1C2B')).toBe(DEFAULT_PART_WEIGHT_GRAMS);
  });

  it('gives every part of the demo catalogue and of a large generated one its type weight', async () => {
    for (const count of [119, 2_000]) {
      const { parts } = await demoCatalog(count);
      expect(parts).toHaveLength(count);
      for (const part of parts) expect(part.weightGrams, part.sku).toBe(partWeightGrams(part.sku));
      expect(parts.find((part) => part.sku.startsWith('BR-'))!.weightGrams).toBe(8500);
    }
  });
});
