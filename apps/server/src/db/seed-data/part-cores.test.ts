/**
 * The kinds of parts sold with a refundable core carry a realistic deposit, every other kind none, and both seeded
 * catalogues carry it (docs/requirements.md §17 "Core charges").
 */
import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../catalog-generator.js';
import { partTypes } from './part-types.js';
import { PART_CORE_CHARGE_CENTS, partCoreChargeCents } from './part-cores.js';

describe('part core charges', () => {
  it('names only known part types, each deposit between $25 and $150', () => {
    const prefixes = new Set(partTypes.map((type) => type.skuPrefix));
    for (const [prefix, cents] of Object.entries(PART_CORE_CHARGE_CENTS)) {
      expect(prefixes.has(prefix), prefix).toBe(true);
      expect(cents, prefix).toBeGreaterThanOrEqual(25_00);
      expect(cents, prefix).toBeLessThanOrEqual(150_00);
    }
  });

  it('gives alternators, starters, calipers and batteries their deposit by SKU prefix, in any case, others none', () => {
    expect(partCoreChargeCents('ALT-TOY-27060')).toBe(45_00);
    expect(partCoreChargeCents('str-frd-11002')).toBe(35_00);
    expect(partCoreChargeCents('BC-JEP-14790')).toBe(30_00);
    expect(partCoreChargeCents('BAT-UNV-48760')).toBe(25_00);
    expect(partCoreChargeCents('BP-TOY-48210')).toBe(0);
    expect(partCoreChargeCents('PF-3F9A1C2B')).toBe(0);
  });

  it('gives every part of the demo catalogue and of a large generated one its type deposit', async () => {
    for (const count of [119, 2_000]) {
      const { parts } = await demoCatalog(count);
      for (const part of parts) expect(part.coreChargeCents, part.sku).toBe(partCoreChargeCents(part.sku));
      expect(parts.filter((part) => (part.coreChargeCents ?? 0) > 0).length).toBeGreaterThan(0);
      expect(parts.find((part) => part.sku.startsWith('BP-'))!.coreChargeCents).toBe(0);
    }
  });
});
