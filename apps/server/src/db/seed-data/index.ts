/**
 * The demo catalogue that ships with the shop (docs/design.md "Data"): makes, categories, part types, concrete
 * parts (with their fitment: universal flag or application rows, and OE and interchange numbers; docs/requirements.md
 * §12) and home-page reviews. Seeded on first start into an empty database and by `npm run seed`.
 * Image paths are URLs of files under apps/web/public/images; nothing is hot-linked.
 */
import { CURATED_FITMENT } from './curated-fitment.js';
import { parts as partList } from './parts.js';
import type { SeedPart } from './types.js';

export type {
  SeedApplication,
  SeedCategory,
  SeedFitment,
  SeedMake,
  SeedPart,
  SeedPartType,
  SeedReview,
} from './types.js';
export { makes } from './makes.js';
export { categories } from './categories.js';
export { partTypes } from './part-types.js';
export { reviews } from './reviews.js';

/** The curated parts (parts.ts, in that order), each with its fitment of curated-fitment.ts. */
export const parts: SeedPart[] = partList.map((part) => ({ ...part, ...CURATED_FITMENT[part.sku] }));
