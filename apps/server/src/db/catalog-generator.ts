/**
 * Large, realistic demo catalogues (docs/decisions/005-catalogue-search.md: "88,000+ Parts"): the curated demo parts first, then parts built
 * from the demo part types for real makes, models, model years and engines, with part numbers in the demo's
 * format (`BP-TOY-48210`: part-type prefix, make code, five digits), wholesale minimum order quantities, stock
 * in whole multiples of the minimum, prices inside each part type's range (integer cents) and the part type's
 * illustration. Deterministic: the same count and seed always give the same catalogue (seeded PRNG).
 *
 * Fitment (docs/requirements.md §12; docs/decisions/020-fitment-model.md): a generated part is universal (its
 * type fits any vehicle) or has application rows in the sense of ACES, built from the vehicle list's years and
 * engines (seed-data/fitment-vehicles.ts) by partFitment: the make, model, years and engine of its name, then a
 * few more models of the same make and of sibling makes. About 30% of generated parts carry OE and interchange
 * numbers. Both depend only on the part (its number seeds them), never on where it sits in the catalogue.
 */
import { FIRST_VEHICLE_YEAR, LAST_VEHICLE_YEAR } from '@partsforge/shared/fitment';
import {
  DRIVETRAIN_NOTES,
  hasYear,
  MODEL_CLASSES,
  MODEL_ENGINES,
  MODEL_SLUGS,
  PART_TYPE_FITMENT,
  SIBLING_MODELS,
  SUBMODELS,
  UNIVERSAL_PART_TYPES,
  vehicleModelIndex,
  vehicleRows,
  type VehicleModel,
} from './seed-data/fitment.js';
import {
  AFTERMARKET_PATTERNS,
  BMW_GROUPS,
  FORD_BASE_NUMBERS,
  OE_PATTERNS,
  TOYOTA_GROUPS,
  VAG_PREFIXES,
} from './seed-data/interchange.js';
import { partWeightGrams } from './seed-data/part-weights.js';
import { partCoreChargeCents } from './seed-data/part-cores.js';
import type {
  SeedApplication,
  SeedCatalog,
  SeedFitment,
  SeedMake,
  SeedPart,
  SeedPartType,
} from './seed-data/types.js';

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
/** Parts of the engine categories that do not depend on the engine. */
const ENGINELESS_TYPES = new Set(['cabin-air-filter', 'car-battery']);
const NO_AXLE_TYPES = new Set(['brake-fluid', 'sway-bar-link', 'tie-rod-end']);
/** Model years of generated parts' names (the vehicle list's years of the model within them). */
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

const modelKeysCache = new Map<string, string[]>();

/** 'make/model' slugs of a catalogue model (seed-data/makes.ts name) that the vehicle list has. */
function modelKeys(make: string, model: string): string[] {
  const cacheKey = `${make}/${model}`;
  let keys = modelKeysCache.get(cacheKey);
  if (!keys) {
    const index = vehicleModelIndex();
    keys = (MODEL_SLUGS[make]?.[model] ?? [])
      .map((slug) => `${make}/${slug}`)
      .filter((key) => index.has(key));
    modelKeysCache.set(cacheKey, keys);
  }
  return keys;
}

/**
 * Model years and engine of a generated part for `models` (the vehicle models of one catalogue model): a first
 * year the models have inside FIRST_MODEL_YEAR..LAST_MODEL_YEAR (for an engine part, one with one of their common
 * engines when they have any), then up to 3-8 years in a row they have; for an engine part, one of the common
 * engines of the first year among those that last longest (3 years or more when one does), the span ending with
 * it. Without vehicle data (a make or model seed-data/fitment.ts does not map), any years and no engine.
 */
function vehicleOfPart(
  random: () => number,
  models: VehicleModel[],
  engineSpecific: boolean,
): { firstYear: number; lastYear: number; engine: string | null } {
  const modelYears: number[] = [];
  for (let year = FIRST_MODEL_YEAR; year <= LAST_MODEL_YEAR; year += 1)
    if (hasYear(models, year)) modelYears.push(year);
  // An engine part starts in a year the vehicle list gives one of the model's common engines, when it has some.
  const engineYears = engineSpecific
    ? modelYears.filter((year) =>
        models.some((model) =>
          [...model.displacements.values()].some((d) => d.years[year - FIRST_VEHICLE_YEAR] === 1),
        ),
      )
    : [];
  const years = engineYears.length > 0 ? engineYears : modelYears;
  if (years.length === 0) {
    const firstYear = FIRST_MODEL_YEAR + Math.floor(random() * (LAST_MODEL_YEAR - FIRST_MODEL_YEAR - 1));
    return {
      firstYear,
      lastYear: Math.min(LAST_MODEL_YEAR, firstYear + 2 + Math.floor(random() * 6)),
      engine: null,
    };
  }
  const firstYear = years[Math.floor(random() * Math.max(1, years.length - 2))]!;
  let lastYear = firstYear;
  const end = Math.min(modelYears.at(-1)!, firstYear + 2 + Math.floor(random() * 6));
  while (lastYear < end && hasYear(models, lastYear + 1)) lastYear += 1;
  if (!engineSpecific) return { firstYear, lastYear, engine: null };
  const engines = [
    ...new Set(
      models.flatMap((model) =>
        [...model.displacements.keys()].filter((engine) => hasYear([model], firstYear, engine)),
      ),
    ),
  ].sort();
  if (engines.length === 0) return { firstYear, lastYear, engine: null };
  // The engines that last longest from the first year (up to the span), so names rarely read '2004-2004'.
  const spans = engines.map((engine) => {
    let end = firstYear;
    while (end < lastYear && hasYear(models, end + 1, engine)) end += 1;
    return { engine, end };
  });
  const longest = Math.max(...spans.map((span) => span.end));
  const choices = spans.filter((span) => span.end >= Math.min(longest, firstYear + 2));
  const chosen = choices[Math.floor(random() * choices.length)]!;
  return { firstYear, lastYear: chosen.end, engine: chosen.engine };
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
 * read like "Front Ceramic Brake Pad Set — Toyota Camry 2018-2024" or, for engine parts, "Ignition Coil — Toyota
 * Camry 2.5L 2018-2024": years and engine are ones the vehicle list has for the model (seed-data/fitment.ts maps
 * the model's name to its slugs). A generated part of a universal type (seed-data/fitment.ts) is `universal`;
 * any other carries its `application`, which partFitment expands into rows. About 30% carry OE and interchange
 * numbers (interchangeNumbersOf). Throws on a negative or fractional count, or when `makes` or `partTypes` is
 * empty and parts must be generated.
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
  const index = vehicleModelIndex();

  for (let partIndex = 0; partIndex < toGenerate; partIndex += 1) {
    const type = pick(options.partTypes);
    const make = pick(options.makes);
    const model = pick(make.models);
    const universal = UNIVERSAL_PART_TYPES.has(type.slug);
    const { firstYear, lastYear, engine } = vehicleOfPart(
      random,
      modelKeys(make.slug, model).map((key) => index.get(key)!),
      ENGINE_CATEGORIES.has(type.category) && !ENGINELESS_TYPES.has(type.slug) && !universal,
    );
    const axle =
      AXLE_CATEGORIES.has(type.category) && !NO_AXLE_TYPES.has(type.slug)
        ? random() < 0.6
          ? 'Front'
          : 'Rear'
        : null;
    const side = SIDED_TYPES.has(type.slug) ? (random() < 0.5 ? 'Left' : 'Right') : null;

    let sku: string;
    do {
      sku = `${type.skuPrefix}-${makeCode(make.slug)}-${String(Math.floor(random() * 100_000)).padStart(5, '0')}`;
    } while (usedSkus.has(sku));
    usedSkus.add(sku);

    const minqty = pick(type.minqtyChoices);
    const fits = `${make.name} ${model}${engine ? ` ${engine}` : ''}`;
    const application: SeedApplication = {
      type: type.slug,
      make: make.slug,
      model,
      yearFrom: firstYear,
      yearTo: lastYear,
      engine,
      axle,
      side,
    };
    result.push({
      sku,
      name: `${axle ? `${axle} ` : ''}${type.name}${side ? `, ${side}` : ''} — ${fits} ${firstYear}-${lastYear}`,
      description: `${type.description.replaceAll('{make}', make.name).replaceAll('{model}', model)} Fits ${fits}, model years ${firstYear}-${lastYear}.`,
      category: type.category,
      make: make.slug,
      available: minqty * (2 + Math.floor(random() * 400)),
      minqty,
      priceCents: priceInRange(random, type.priceCents),
      img: type.img,
      universal,
      interchangeNumbers: interchangeNumbersOf(sku, type, make.slug, firstYear),
      ...(universal ? {} : { application }),
    });
  }
  return result;
}

/** Salts of the part-number seeds, so a part's fitment and numbers draw apart from its wholesale terms. */
const FITMENT_SALT = 0x0f17_7e57;
const INTERCHANGE_SALT = 0x0e4b_3a11;
/** Share of application rows with a note, and with a submodel (where SUBMODELS knows the model's trims). */
const NOTE_SHARE = 0.15;
const SUBMODEL_SHARE = 0.1;
/** Other models a generated part's rows name besides its own: 3 to 10 (fewer when the make has fewer). */
const EXTRA_MODELS_MIN = 3;
const EXTRA_MODELS_SPREAD = 8;
/** Share of a chassis or body part's models listed engine by engine (as ACES lists often do) rather than once. */
const ENGINE_SPLIT_SHARE = 0.45;

/** The 'make/model' slugs sharing parts with `key` (SIBLING_MODELS), with the years they share them in. */
function siblingsOf(key: string): { key: string; years: [number, number] }[] {
  return SIBLING_MODELS.flatMap(({ models, years = [FIRST_VEHICLE_YEAR, LAST_VEHICLE_YEAR] }) =>
    models[0] === key ? [{ key: models[1], years }] : models[1] === key ? [{ key: models[0], years }] : [],
  );
}

const otherModelsCache = new Map<string, { key: string; years: [number, number] }[]>();

/**
 * The vehicle models a part of the catalogue model `model` may fit besides its own, with the years they may: the
 * make's other models (for a chassis or body part, those of the same class only) and the sibling models.
 */
function otherModels(
  make: string,
  model: string,
  engineSpecific: boolean,
): { key: string; years: [number, number] }[] {
  const cacheKey = `${make}/${model}/${engineSpecific}`;
  let others = otherModelsCache.get(cacheKey);
  if (!others) {
    const own = modelKeys(make, model);
    const classes = new Set(own.map((key) => MODEL_CLASSES[key]));
    others = [
      ...Object.keys(MODEL_SLUGS[make] ?? {})
        .filter((name) => name !== model)
        .flatMap((name) => modelKeys(make, name))
        .filter((key) => engineSpecific || classes.has(MODEL_CLASSES[key]))
        .map((key) => ({ key, years: [FIRST_VEHICLE_YEAR, LAST_VEHICLE_YEAR] as [number, number] })),
      ...own.flatMap(siblingsOf),
    ];
    otherModelsCache.set(cacheKey, others);
  }
  return others;
}

/**
 * Position of a generated part's rows (shared fitmentPositionProblem's words, from its name's axle and side):
 * lights front or rear, CV axles front, control arms lower, tie-rod ends front, mirrors by side only.
 */
function positionOf(application: SeedApplication): string | null {
  const { type, axle, side } = application;
  const words =
    type === 'tail-light-assembly'
      ? ['Rear', side]
      : type === 'headlight-assembly' || type === 'cv-axle'
        ? ['Front', side]
        : type === 'control-arm'
          ? [axle, side, 'Lower']
          : type === 'tie-rod-end'
            ? ['Front']
            : [axle, side];
  return words.filter(Boolean).join(' ') || null;
}

/**
 * The application rows of a part (docs/requirements.md §12, ACES-like; see SeedFitment): none for a universal
 * part, the written-out rows of a curated part, else the rows of a generated part's `application`:
 * - its own make, model (each of the vehicle list's slugs for it), years and engine: one row per run of years the
 *   vehicle list has (with that engine: one row per engine label of its displacement);
 * - then 3 to 10 other models, in random order: for an engine part, models of the same make and of sibling makes
 *   (SIBLING_MODELS) that have its engine; for a chassis or body part, the make's models of the same class
 *   (MODEL_CLASSES: car, truck, van) and the siblings; each over the part's years widened by up to 4 years before
 *   and 3 after (models without those years, or that engine, are skipped);
 * - a chassis or body part's model is listed engine by engine (its common engines, MODEL_ENGINES) 45% of the time,
 *   else once for every engine;
 * - position from the name's axle and side; quantity per vehicle by part type (PART_TYPE_FITMENT: 1 brake pad set
 *   per axle, 2 rotors, one spark plug or coil per cylinder of the row's engine, one oxygen sensor per bank);
 *   about 15% of rows carry one of the type's notes (a truck's drivetrain parts also '4WD': DRIVETRAIN_NOTES) and
 *   10% a submodel of the model.
 * About 5.7 rows per generated part: 88,000 parts have about 500,000. Deterministic: a PRNG seeded by the part
 * number, so a part's rows never depend on its place in the catalogue.
 */
export function partFitment(part: SeedPart): SeedFitment[] {
  if (part.universal) return [];
  if (part.fitment) return part.fitment;
  const application = part.application;
  if (!application) return [];
  const random = createRandom(hashOf(part.sku) ^ FITMENT_SALT);
  const rule = PART_TYPE_FITMENT[application.type] ?? { quantity: 1, notes: [] };
  const typeNotes = application.axle === 'Rear' ? [...rule.notes, ...(rule.rearNotes ?? [])] : rule.notes;
  const options = { position: positionOf(application), quantity: rule.quantity };
  const rows: SeedFitment[] = [];

  /** Rows of the vehicle model `key` in `from`..`to`, some with a note or a submodel; returns how many. */
  const add = (key: string, from: number, to: number): number => {
    let added: SeedFitment[] = [];
    if (application.engine !== null)
      added = vehicleRows(key, from, to, { ...options, engine: application.engine });
    else if (random() < ENGINE_SPLIT_SHARE)
      added = (MODEL_ENGINES[key] ?? []).flatMap((engine) =>
        vehicleRows(key, from, to, { ...options, engine }),
      );
    if (application.engine === null && added.length === 0) added = vehicleRows(key, from, to, options);
    const trims = SUBMODELS[key];
    const modelClass = MODEL_CLASSES[key];
    const notes = rule.drivetrain && modelClass ? [...typeNotes, ...DRIVETRAIN_NOTES[modelClass]] : typeNotes;
    for (const row of added) {
      if (notes.length > 0 && random() < NOTE_SHARE) row.note = notes[Math.floor(random() * notes.length)]!;
      if (trims && random() < SUBMODEL_SHARE) row.submodel = trims[Math.floor(random() * trims.length)]!;
      rows.push(row);
    }
    return added.length;
  };

  const own = modelKeys(application.make, application.model);
  for (const key of own) add(key, application.yearFrom, application.yearTo);
  const candidates = [...otherModels(application.make, application.model, application.engine !== null)];
  // Fisher-Yates: the other models in random order.
  for (let at = candidates.length - 1; at > 0; at -= 1) {
    const other = Math.floor(random() * (at + 1));
    [candidates[at], candidates[other]] = [candidates[other]!, candidates[at]!];
  }
  const wanted = EXTRA_MODELS_MIN + Math.floor(random() * EXTRA_MODELS_SPREAD);
  let extra = 0;
  for (const candidate of candidates) {
    if (extra >= wanted) break;
    const from = Math.max(candidate.years[0], application.yearFrom - Math.floor(random() * 5));
    const to = Math.min(candidate.years[1], application.yearTo + Math.floor(random() * 4));
    if (from <= to && add(candidate.key, from, to) > 0) extra += 1;
  }
  return rows;
}

/** Letters of part numbers: never I, O or Q (they read as 1 and 0). */
const NUMBER_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** Share of generated parts with OE or interchange numbers. */
const INTERCHANGE_SHARE = 0.3;

/**
 * Ford's engineering prefix of a model year and make-model code: 'F' + 'L3' + 'Z' for 2015 ('FL3Z'); a digit for
 * 2001-2009, a letter from 2010 ('A' 2010 ... 'R' 2024), 'F' and the year's last digit before 2001.
 */
function fordPrefix(year: number, random: () => number): string {
  const code = ['L3', 'L1', 'J5', 'B5', 'R3', 'B3', 'T4'][Math.floor(random() * 7)]!;
  if (year <= 2000) return `F${year % 10}${code[0]}Z`;
  if (year <= 2009) return `${year - 2000}${code}Z`;
  return `${'ABCDEFGHJKLMNPRSTUV'[Math.min(year - 2010, 18)]}${code}Z`;
}

/**
 * 0-3 OE and interchange numbers of a generated part (seed-data/interchange.ts formats), the same for the same
 * part number: about 30% of parts get 1-3, the first in the carmaker's format when the make has one, the others
 * in aftermarket brands' formats for the part type. Letters, digits, dashes, dots and spaces; at most 40 characters.
 */
export function interchangeNumbersOf(
  sku: string,
  type: Pick<SeedPartType, 'slug' | 'category'>,
  make: string,
  year: number,
): string[] {
  const random = createRandom(hashOf(sku) ^ INTERCHANGE_SALT);
  if (random() >= INTERCHANGE_SHARE) return [];
  const pickOf = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const expand = (pattern: string): string =>
    pattern
      .replace('{group}', () =>
        make === 'bmw'
          ? (BMW_GROUPS[type.category] ?? '##')
          : ((make === 'ford' ? FORD_BASE_NUMBERS : TOYOTA_GROUPS)[type.slug] ?? '#####'),
      )
      .replace('{ford}', () => fordPrefix(year, random))
      .replace('{vag}', () => pickOf(VAG_PREFIXES[make] ?? ['5Q0']))
      .replace(/[#@*]/g, (slot) =>
        slot === '#'
          ? String(Math.floor(random() * 10))
          : slot === '@' || random() < 0.4
            ? NUMBER_LETTERS[Math.floor(random() * NUMBER_LETTERS.length)]!
            : String(Math.floor(random() * 10)),
      );
  const count = 1 + Math.floor(random() * 3);
  const oe = OE_PATTERNS[make];
  const aftermarket = AFTERMARKET_PATTERNS[type.slug] ?? [];
  const numbers = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    const patterns = index === 0 && oe && random() < 0.7 ? oe : aftermarket.length > 0 ? aftermarket : oe;
    if (patterns) numbers.add(expand(pickOf(patterns)));
  }
  return [...numbers];
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
 * that divides its minimum order quantity (else 1), its type's shipping weight (seed-data/part-weights.ts) and core
 * deposit (seed-data/part-cores.ts: alternators, starters, calipers, batteries; none for other kinds), and,
 * for about 60% of parts, two or three quantity breaks at
 * 5, 20 and 50 times the minimum (rounded up to whole packs) at 5%, 12% and 18% off.
 */
export function withWholesaleTerms(part: SeedPart): SeedPart {
  const random = createRandom(hashOf(part.sku));
  const packSize = (PACK_SIZES[part.sku.split('-')[0]!] ?? []).find((size) => part.minqty % size === 0) ?? 1;
  const weightGrams = part.weightGrams ?? partWeightGrams(part.sku);
  const coreChargeCents = part.coreChargeCents ?? partCoreChargeCents(part.sku);
  if (random() >= PRICE_BREAK_SHARE)
    return { ...part, packSize, weightGrams, coreChargeCents, priceBreaks: [] };
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
  return { ...part, packSize, weightGrams, coreChargeCents, priceBreaks };
}

/**
 * The shop's demo catalogue (seed-data/) with `partCount` parts: the 119 curated parts when `partCount` is
 * unset, else exactly `partCount` parts (curated first, then generated; see generateParts), each with its
 * wholesale terms (withWholesaleTerms) and its fitment: the curated parts' written out (seed-data/curated-fitment.ts),
 * the generated parts' universal flag and application, expanded into rows by partFitment when seeded. Loads the
 * demo data lazily so processes that never seed do not hold it.
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
