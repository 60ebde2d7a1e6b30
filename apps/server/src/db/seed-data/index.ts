/**
 * The demo catalogue that ships with the shop (docs/design.md "Data"): makes, categories, part types, concrete
 * parts and home-page reviews. Seeded on first start into an empty database and by `npm run seed`.
 * Image paths are URLs of files under apps/web/public/images; nothing is hot-linked.
 */
export type { SeedCategory, SeedMake, SeedPart, SeedPartType, SeedReview } from './types.js';
export { makes } from './makes.js';
export { categories } from './categories.js';
export { partTypes } from './part-types.js';
export { parts } from './parts.js';
export { reviews } from './reviews.js';
