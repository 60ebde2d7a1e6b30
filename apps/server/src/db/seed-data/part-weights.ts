/**
 * Shipping weights of the kinds of parts (docs/requirements.md §16), by the part number's prefix (part-types.ts
 * skuPrefix; 'BP-TOY-48210' is a brake pad set): one unit as it ships, box included, in whole grams. The demo parts
 * and the large catalogue's generated parts take their weight from here; migration 0027 backfilled existing parts
 * with the same figures.
 */

/** Grams of one unit, by SKU prefix. */
export const PART_WEIGHT_GRAMS: Readonly<Record<string, number>> = {
  BP: 1200, // brake pad set, one axle
  BR: 8500, // vented rotor
  BC: 4100, // caliper with bracket
  BF: 550, // brake fluid bottle
  TBK: 2300, // timing belt kit
  SB: 450, // serpentine belt
  MAF: 350, // mass air flow sensor
  FP: 2200, // fuel pump module
  EM: 1900, // engine mount
  VCG: 400, // valve cover gasket
  OF: 400, // oil filter
  CAF: 300, // cabin air filter
  EAF: 600, // engine air filter
  FF: 500, // fuel filter
  SP: 60, // spark plug
  IC: 350, // ignition coil
  ALT: 6500, // alternator
  STR: 5200, // starter motor
  BAT: 18000, // battery
  WH: 2600, // wheel hub bearing
  STA: 4200, // strut assembly
  CA: 3400, // control arm
  TRE: 700, // tie rod end
  SBL: 500, // sway bar link
  WP: 2100, // water pump
  RAD: 7500, // radiator
  TH: 250, // thermostat
  RH: 400, // radiator hose
  CAT: 9500, // catalytic converter
  MUF: 8000, // muffler
  O2S: 200, // oxygen sensor
  LED: 150, // LED headlight bulb pair
  TL: 2000, // tail light assembly
  HL: 4500, // headlight assembly
  CV: 6800, // CV axle
  CK: 9000, // clutch kit
  UJ: 450, // universal joint
  WB: 300, // wiper blade
  FM: 3500, // floor mat set
  MIR: 1800, // side mirror
};

/** The weight of a part of unknown kind, in grams (also the database's default). */
export const DEFAULT_PART_WEIGHT_GRAMS = 1000;

/** The shipping weight of the part numbered `sku`, in grams, by its prefix (DEFAULT_PART_WEIGHT_GRAMS otherwise). */
export function partWeightGrams(sku: string): number {
  return PART_WEIGHT_GRAMS[sku.split('-')[0]!.toUpperCase()] ?? DEFAULT_PART_WEIGHT_GRAMS;
}
