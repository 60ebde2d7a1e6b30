/**
 * Large, realistic demo catalogues (docs/decisions/005-catalogue-search.md: "88,000+ Parts"): the curated demo parts first, then parts built
 * from the demo part types for real makes, models, model years and engines, with part numbers in the demo's
 * format (`BP-TOY-48210`: part-type prefix, make code, five digits), wholesale minimum order quantities, stock
 * in whole multiples of the minimum, prices inside each part type's range (integer cents) and the part type's
 * illustration. Deterministic: the same count and seed always give the same catalogue (seeded PRNG).
 */
import type { SeedCatalog, SeedMake, SeedPart, SeedPartType } from './seed-data/types.js';

/** Default PRNG seed of generateParts (any 32-bit integer gives another reproducible catalogue). */
export const DEFAULT_CATALOG_SEED = 0x5eed_ca7a;

/** Part-number make codes, as in the curated demo parts (`BP-TOY-...`). */
const MAKE_CODES: Record<string, string> = {
  toyota: 'TOY',
  ford: 'FRD',
  chevrolet: 'CHV',
  honda: 'HON',
  nissan: 'NIS',
  hyundai: 'HYU',
  kia: 'KIA',
  subaru: 'SUB',
  volkswagen: 'VW',
  bmw: 'BMW',
  'mercedes-benz': 'MB',
  audi: 'AUD',
  mazda: 'MAZ',
  jeep: 'JEP',
  ram: 'RAM',
  gmc: 'GMC',
};

/** Part-number make code of a make: the table above, else the first three letters of its slug. */
export function makeCode(slug: string): string {
  return (
    MAKE_CODES[slug] ??
    slug
      .replace(/[^a-z]/g, '')
      .slice(0, 3)
      .toUpperCase()
  );
}

/** Which variants a kind of part comes in: axle position, vehicle side, engine. By category, then slug. */
const AXLE_CATEGORIES = new Set(['brakes', 'suspension-steering']);
const SIDED_TYPES = new Set([
  'brake-caliper',
  'strut-assembly',
  'control-arm',
  'cv-axle',
  'tail-light-assembly',
  'headlight-assembly',
  'side-mirror',
]);
const ENGINE_CATEGORIES = new Set(['engine', 'ignition-electrical', 'cooling', 'exhaust', 'filters']);
const NO_AXLE_TYPES = new Set(['brake-fluid', 'sway-bar-link', 'tie-rod-end']);
/** Engines a make's parts are listed for (a fitment detail of engine-bay parts); other makes get GENERIC_ENGINES. */
const ENGINES: Record<string, string[]> = {
  toyota: ['1.8L', '2.5L', '2.7L', '3.5L V6', '5.7L V8'],
  ford: ['1.5L EcoBoost', '2.0L EcoBoost', '2.3L EcoBoost', '2.7L EcoBoost', '3.5L EcoBoost', '5.0L V8'],
  chevrolet: ['1.5L Turbo', '2.0L Turbo', '2.4L', '3.6L V6', '5.3L V8', '6.2L V8'],
  honda: ['1.5L Turbo', '2.0L', '2.4L', '3.5L V6'],
  nissan: ['1.8L', '2.0L', '2.5L', '3.5L V6', '5.6L V8'],
  hyundai: ['1.6L Turbo', '2.0L', '2.4L', '2.5L', '3.3L V6', '3.8L V6'],
  kia: ['1.6L Turbo', '2.0L', '2.4L', '2.5L', '3.3L V6', '3.8L V6'],
  subaru: ['2.0L', '2.4L Turbo', '2.5L', '3.6L H6'],
  volkswagen: ['1.4T', '1.8T', '2.0T', '3.6L VR6'],
  bmw: ['2.0L Turbo', '3.0L Turbo', '4.4L V8'],
  'mercedes-benz': ['2.0T', '3.0L V6', '3.0L Turbo', '2.1L Diesel'],
  audi: ['2.0T', '3.0T'],
  mazda: ['2.0L', '2.5L', '2.5L Turbo'],
  jeep: ['2.0L Turbo', '2.4L', '3.6L V6', '5.7L V8'],
  ram: ['3.6L V6', '5.7L HEMI', '6.4L HEMI', '6.7L Cummins'],
  gmc: ['2.5L', '2.7L Turbo', '3.6L V6', '5.3L V8', '6.2L V8', '6.6L Duramax'],
};
const GENERIC_ENGINES = ['1.6L', '2.0L', '2.5L', '3.5L V6'];
const FIRST_MODEL_YEAR = 1998;
const LAST_MODEL_YEAR = 2025;

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A wholesale price in cents inside [min, max], ending in 49 or 99 cents when the range allows it. */
function priceInRange(random: () => number, { min, max }: SeedPartType['priceCents']): number {
  const raw = min + Math.floor(random() * (max - min + 1));
  const rounded = Math.floor(raw / 50) * 50 - 1;
  return rounded >= min && rounded <= max ? rounded : raw;
}

/** Options of generateParts. */
export interface GeneratePartsOptions {
  /** Makes with their models (slugs are the parts' `make`). */
  makes: SeedMake[];
  /** Part types to build parts from (their `category` slugs are the parts' `category`). */
  partTypes: SeedPartType[];
  /** Curated parts placed first (at most `count` of them); their SKUs are never reused. */
  curated?: SeedPart[];
  /** PRNG seed; DEFAULT_CATALOG_SEED by default. */
  seed?: number;
}

/**
 * Exactly `count` parts: the first `count` curated parts, then generated ones. Every SKU is unique; names
 * read like "Front Ceramic Brake Pad Set — Toyota Camry 2.5L 2018-2024". Throws on a negative or fractional
 * count, or when `makes` or `partTypes` is empty and parts must be generated.
 */
export function generateParts(count: number, options: GeneratePartsOptions): SeedPart[] {
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`Part count must be a whole number >= 0, got ${count}`);
  const curated = (options.curated ?? []).slice(0, count);
  const toGenerate = count - curated.length;
  if (toGenerate > 0 && (options.makes.length === 0 || options.partTypes.length === 0))
    throw new Error('Generating parts needs at least one make and one part type');

  const random = createRandom(options.seed ?? DEFAULT_CATALOG_SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const usedSkus = new Set((options.curated ?? []).map((part) => part.sku));
  const result: SeedPart[] = [...curated];

  for (let index = 0; index < toGenerate; index += 1) {
    const type = pick(options.partTypes);
    const make = pick(options.makes);
    const model = pick(make.models);
    const firstYear = FIRST_MODEL_YEAR + Math.floor(random() * (LAST_MODEL_YEAR - FIRST_MODEL_YEAR - 1));
    const lastYear = Math.min(LAST_MODEL_YEAR, firstYear + 2 + Math.floor(random() * 6));
    const axle =
      AXLE_CATEGORIES.has(type.category) && !NO_AXLE_TYPES.has(type.slug)
        ? random() < 0.6
          ? 'Front '
          : 'Rear '
        : '';
    const side = SIDED_TYPES.has(type.slug) ? (random() < 0.5 ? ', Left' : ', Right') : '';
    const engine = ENGINE_CATEGORIES.has(type.category)
      ? ` ${pick(ENGINES[make.slug] ?? GENERIC_ENGINES)}`
      : '';

    let sku: string;
    do {
      sku = `${type.skuPrefix}-${makeCode(make.slug)}-${String(Math.floor(random() * 100_000)).padStart(5, '0')}`;
    } while (usedSkus.has(sku));
    usedSkus.add(sku);

    const minqty = pick(type.minqtyChoices);
    const fits = `${make.name} ${model}${engine}`;
    result.push({
      sku,
      name: `${axle}${type.name}${side} — ${fits} ${firstYear}-${lastYear}`,
      description: `${type.description.replaceAll('{make}', make.name).replaceAll('{model}', model)} Fits ${fits}, model years ${firstYear}-${lastYear}.`,
      category: type.category,
      make: make.slug,
      available: minqty * (2 + Math.floor(random() * 400)),
      minqty,
      priceCents: priceInRange(random, type.priceCents),
      img: type.img,
    });
  }
  return result;
}

/**
 * Pack sizes a part type ships in, by part-number prefix, largest first (docs/requirements.md §11): filters, plugs,
 * bulbs and small hardware in packs, brake pads and rotors in axle sets; bulky parts (no entry) single.
 */
const PACK_SIZES: Record<string, number[]> = {
  BP: [2],
  BR: [2],
  BF: [12, 6],
  SB: [5],
  VCG: [5],
  OF: [25, 10],
  CAF: [12, 6, 2],
  EAF: [12, 6, 2],
  FF: [10, 5],
  SP: [10, 4],
  IC: [6, 2],
  TRE: [2],
  SBL: [2],
  TH: [10, 5],
  RH: [10, 5],
  O2S: [2],
  LED: [10, 2],
  UJ: [10, 5],
  WB: [25, 5],
};

/** Share of parts with quantity breaks. */
const PRICE_BREAK_SHARE = 0.6;

/** A number from a part number (FNV-1a), so a part's terms do not depend on where it sits in the catalogue. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * `part` with plausible wholesale terms, the same for the same part number: the largest pack size of its type
 * that divides its minimum order quantity (else 1), and, for about 60% of parts, two or three quantity breaks at
 * 5, 20 and 50 times the minimum (rounded up to whole packs) at 5%, 12% and 18% off.
 */
export function withWholesaleTerms(part: SeedPart): SeedPart {
  const random = createRandom(hashOf(part.sku));
  const packSize = (PACK_SIZES[part.sku.split('-')[0]!] ?? []).find((size) => part.minqty % size === 0) ?? 1;
  if (random() >= PRICE_BREAK_SHARE) return { ...part, packSize, priceBreaks: [] };
  const tiers = random() < 0.5 ? 2 : 3;
  const priceBreaks = [
    [5, 0.95],
    [20, 0.88],
    [50, 0.82],
  ]
    .slice(0, tiers)
    .map(([times, share]) => ({
      minQuantity: Math.ceil((part.minqty * times!) / packSize) * packSize,
      priceCents: Math.floor(part.priceCents * share!),
    }))
    .filter(
      (tier, index, all) =>
        tier.priceCents > 0 && (index === 0 || tier.priceCents < all[index - 1]!.priceCents),
    )
    .filter((tier) => tier.priceCents < part.priceCents);
  return { ...part, packSize, priceBreaks };
}

/**
 * The shop's demo catalogue (seed-data/) with `partCount` parts: the 109 curated parts when `partCount` is
 * unset, else exactly `partCount` parts (curated first, then generated; see generateParts), each with its
 * wholesale terms (withWholesaleTerms). Loads the demo
 * data lazily so processes that never seed do not hold it.
 */
export async function demoCatalog(partCount?: number): Promise<SeedCatalog> {
  const demo = await import('./seed-data/index.js');
  return {
    makes: demo.makes,
    categories: demo.categories,
    parts: (partCount === undefined
      ? demo.parts
      : generateParts(partCount, { makes: demo.makes, partTypes: demo.partTypes, curated: demo.parts })
    ).map(withWholesaleTerms),
    reviews: demo.reviews,
  };
}
