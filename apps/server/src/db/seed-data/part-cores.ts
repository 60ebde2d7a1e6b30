/**
 * Refundable core deposits of the kinds of parts sold with one (docs/requirements.md §17 "Core charges"), by the
 * part number's prefix (part-types.ts skuPrefix; 'ALT-TOY-27060' is an alternator), in integer cents: the deposit a
 * workshop pays with each unit and earns back by returning the old unit. Every other kind carries none. The demo
 * parts and the large catalogue's generated parts take their deposit from here; migration 0031 gave existing parts
 * the same figures.
 */

/** Core deposit of one unit in cents, by SKU prefix. */
export const PART_CORE_CHARGE_CENTS: Readonly<Record<string, number>> = {
  ALT: 4500, // alternator
  STR: 3500, // starter motor
  BC: 3000, // brake caliper
  BAT: 2500, // battery
};

/** The core deposit of the part numbered `sku`, in cents, by its prefix (0 for a kind sold without a core). */
export function partCoreChargeCents(sku: string): number {
  return PART_CORE_CHARGE_CENTS[sku.split('-')[0]!.toUpperCase()] ?? 0;
}
