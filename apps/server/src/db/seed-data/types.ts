/**
 * Shapes of the demo catalogue that ships with the shop (docs/design.md "Data"). Image paths are URLs served by
 * the shop itself (files under apps/web/public/images), never hot-linked: the machines are offline.
 * Money is integer cents.
 */
import type { PriceBreakCents } from '@partsforge/shared/pricing';

/** A vehicle make, e.g. Toyota, with a few of its popular models (for fitment text and the large generator). */
export interface SeedMake {
  /** Stable key, e.g. 'toyota'. */
  slug: string;
  name: string;
  /** e.g. '/images/makes/toyota.svg' */
  img: string;
  models: string[];
}

/** A part category, e.g. Brakes. */
export interface SeedCategory {
  slug: string;
  name: string;
  img: string;
}

/**
 * A kind of part sold in many variants, e.g. "Ceramic Front Brake Pad Set". Used by the demo parts and by the
 * large catalogue generator (docs/decisions/005-catalogue-search.md) to build realistic parts for any make and model.
 */
export interface SeedPartType {
  slug: string;
  /** Category slug. */
  category: string;
  name: string;
  /** Two or three sentences a wholesale buyer would want; may use {make} and {model} placeholders. */
  description: string;
  img: string;
  /** Part-number prefix, e.g. 'BP' (the SKU looks like 'BP-TOY-4821'). */
  skuPrefix: string;
  /** Plausible wholesale unit price range, integer cents. */
  priceCents: { min: number; max: number };
  /** Typical wholesale minimum order quantities, e.g. [10, 20, 50]. */
  minqtyChoices: number[];
}

/** One concrete part of the demo catalogue. */
export interface SeedPart {
  /** Unique part number, e.g. 'BP-TOY-4821'. */
  sku: string;
  name: string;
  description: string;
  /** Category slug. */
  category: string;
  /** Make slug, or null for universal parts and accessories. */
  make: string | null;
  /** Quantity in stock. */
  available: number;
  /** Minimum order quantity (>= 1, <= available for parts that are in stock). */
  minqty: number;
  /** Unit price, integer cents. */
  priceCents: number;
  img: string;
  /** Order multiple (default 1; divides minqty). */
  packSize?: number;
  /** Shipping weight of one unit in whole grams (default: its type's, seed-data/part-weights.ts). */
  weightGrams?: number;
  /** Refundable core deposit of one unit in cents (default: its type's, seed-data/part-cores.ts; 0 for most). */
  coreChargeCents?: number;
  /** Quantity breaks, ascending (default none: a flat price). */
  priceBreaks?: PriceBreakCents[];
  /** Fits every vehicle (wiper blades, fluids, bulbs, batteries): no application rows (docs/requirements.md §12). */
  universal?: boolean;
  /** OE and interchange numbers of other brands this part replaces, as written ('04465-06090'). */
  interchangeNumbers?: string[];
  /** Application rows written out (the curated parts); none for a universal part. */
  fitment?: SeedFitment[];
  /**
   * What a generated part was built for (catalog-generator.ts generateParts); partFitment expands it into
   * application rows when the catalogue is seeded, so a large catalogue never holds all its rows at once.
   */
  application?: SeedApplication;
}

/**
 * One application row (docs/requirements.md §12, in the sense of the Auto Care Association's ACES): the vehicle
 * list's make and model slugs, model years `yearFrom`..`yearTo` (inclusive), optionally one of the vehicle list's
 * engine labels ('2.5L 4-cyl'; null: every engine) and a submodel, the position ('Front', 'Rear Left'; shared
 * fitmentPositionProblem), the quantity per vehicle (1-99) and a note ('Except Hybrid').
 */
export interface SeedFitment {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string | null;
  submodel: string | null;
  position: string | null;
  quantity: number;
  note: string | null;
}

/**
 * The vehicle a generated part's name gives: part type, make, the catalogue's model name (seed-data/makes.ts),
 * model years, engine displacement ('2.5L'; null: not engine-specific) and the axle and side of its name.
 */
export interface SeedApplication {
  /** Part type slug. */
  type: string;
  /** Make slug. */
  make: string;
  /** Model as seed-data/makes.ts names it ('Silverado 1500'); fitment.ts maps it to the vehicle list's slugs. */
  model: string;
  yearFrom: number;
  yearTo: number;
  engine: string | null;
  axle: 'Front' | 'Rear' | null;
  side: 'Left' | 'Right' | null;
}

/** A customer review shown on the home page. */
export interface SeedReview {
  name: string;
  img: string;
  description: string;
  /** Stars, 1..5. */
  rating: number;
}

/** Everything one seeding run inserts. */
export interface SeedCatalog {
  makes: SeedMake[];
  categories: SeedCategory[];
  parts: SeedPart[];
  reviews: SeedReview[];
}
