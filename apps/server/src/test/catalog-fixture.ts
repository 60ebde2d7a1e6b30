/**
 * A tiny catalogue for tests (the demo catalogue is large and owned elsewhere): 2 makes, 3 categories,
 * 15 parts (more than one default page of 12) and 3 reviews. Prices are integer cents.
 */
import type { SeedCatalog } from '../db/seed-data/types.js';

export const fixtureMakes: SeedCatalog['makes'] = [
  { slug: 'toyota', name: 'Toyota', img: '/images/makes/toyota.svg', models: ['Corolla', 'Camry'] },
  { slug: 'ford', name: 'Ford', img: '/images/makes/ford.svg', models: ['F-150', 'Focus'] },
];

export const fixtureCategories: SeedCatalog['categories'] = [
  { slug: 'brakes', name: 'Brakes', img: '/images/categories/brakes.svg' },
  { slug: 'filters', name: 'Filters', img: '/images/categories/filters.svg' },
  { slug: 'lighting', name: 'Lighting', img: '/images/categories/lighting.svg' },
];

/**
 * Part n (1-based): SKU 'TP-0001'..., price n x $10.99 so every price has cents; part 3 is universal (no make);
 * part 2 sells in packs of 2 with quantity breaks at 10 ($20.50) and 50 ($19.99).
 */
export const fixtureParts: SeedCatalog['parts'] = Array.from({ length: 15 }, (_, index) => {
  const n = index + 1;
  return {
    sku: `TP-${String(n).padStart(4, '0')}`,
    name: `Test Part ${n}`,
    description: `Description of test part ${n}.`,
    category: fixtureCategories[index % fixtureCategories.length]!.slug,
    make: n === 3 ? null : fixtureMakes[index % fixtureMakes.length]!.slug,
    available: 100 * n,
    minqty: n,
    priceCents: 1099 * n,
    img: `/images/parts/test-${n}.svg`,
    ...(n === 2
      ? {
          packSize: 2,
          priceBreaks: [
            { minQuantity: 10, priceCents: 2050 },
            { minQuantity: 50, priceCents: 1999 },
          ],
        }
      : {}),
  };
});

/** Listed newest first in this order once seeded. */
export const fixtureReviews: SeedCatalog['reviews'] = [
  {
    name: 'Alice Carter',
    img: '/images/reviews/alice.svg',
    description: 'Fast delivery of a bulk brake order.',
    rating: 5,
  },
  {
    name: 'Bob Nguyen',
    img: '/images/reviews/bob.svg',
    description: 'Good filters, fair prices.',
    rating: 4,
  },
  { name: 'Chen Li', img: '/images/reviews/chen.svg', description: 'One box arrived late.', rating: 3 },
];

export const catalogFixture: SeedCatalog = {
  makes: fixtureMakes,
  categories: fixtureCategories,
  parts: fixtureParts,
  reviews: fixtureReviews,
};
