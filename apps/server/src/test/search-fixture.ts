/**
 * A small catalogue with realistic names, part numbers and descriptions for the search tests (docs/decisions/005-catalogue-search.md):
 * 3 makes, 3 categories, 14 parts. Descriptions are written so that each search word matches exactly the
 * parts the tests expect. Prices are integer cents.
 */
import type { SeedCatalog } from '../db/seed-data/types.js';

type FixturePart = [
  sku: string,
  name: string,
  description: string,
  category: string,
  make: string | null,
  cents: number,
];

const rows: FixturePart[] = [
  [
    'BP-TOY-48210',
    'Ceramic Front Brake Pad Set — Toyota Camry 2018-2024',
    'Low-dust ceramic friction compound with shims.',
    'brakes',
    'toyota',
    3450,
  ],
  [
    'BP-HON-45022',
    'Ceramic Front Brake Pad Set — Honda Civic 2016-2021',
    'Quiet ceramic friction compound with shims.',
    'brakes',
    'honda',
    3199,
  ],
  [
    'BR-FRD-71820',
    'Vented Front Brake Rotor — Ford F-150 2015-2020',
    'Cast iron disc, coated against corrosion.',
    'brakes',
    'ford',
    6400,
  ],
  [
    'BR-TOY-43512',
    'Vented Front Brake Rotor — Toyota RAV4 2019-2024',
    'Cast iron disc, balanced and machined.',
    'brakes',
    'toyota',
    5875,
  ],
  [
    'OF-HON-15400',
    'Spin-On Oil Filter — Honda Civic, Accord, CR-V 2012-2024',
    'Synthetic media for long drain intervals.',
    'filters',
    'honda',
    549,
  ],
  [
    'OF-FRD-50020',
    'Spin-On Oil Filter — Ford F-150 2.7L, 3.5L & 5.0L 2011-2024',
    'Synthetic media with a silicone valve.',
    'filters',
    'ford',
    599,
  ],
  [
    'CAF-TOY-87139',
    'Cabin Air Filter with Activated Carbon — Toyota Camry, RAV4, Highlander 2013-2024',
    'Traps pollen, dust and road odours.',
    'filters',
    'toyota',
    925,
  ],
  [
    'ALT-TOY-27060',
    'Alternator, 150A — Toyota Tundra 5.7L 2007-2021',
    'New regulator and bearings, tested output.',
    'ignition',
    'toyota',
    18900,
  ],
  [
    'ALT-FRD-84157',
    'Remanufactured Alternator, 200A — Ford F-150 3.5L 2015-2020',
    'Rebuilt unit, tested output.',
    'ignition',
    'ford',
    17200,
  ],
  [
    'SP-HON-12290',
    'Iridium Spark Plug — Honda Civic & CR-V 1.5L Turbo 2016-2022',
    'Fine-wire tip, pre-gapped.',
    'ignition',
    'honda',
    810,
  ],
  [
    'IC-FRD-26740',
    'Ignition Coil — Ford F-150 3.5L EcoBoost 2017-2020',
    'Coil-on-plug unit with a silicone boot.',
    'ignition',
    'ford',
    3150,
  ],
  [
    'BF-UNV-04012',
    'DOT 4 Brake Fluid, 12 fl oz',
    'Glycol-based hydraulic fluid, sealed bottle.',
    'brakes',
    null,
    620,
  ],
  [
    'BC-TOY-47630',
    'Remanufactured Rear Brake Caliper, Right — Toyota Tacoma 2016-2023',
    'Pressure-tested with new seals.',
    'brakes',
    'toyota',
    7900,
  ],
  [
    'SP-TOY-90919',
    'Iridium Spark Plug — Toyota Camry & RAV4 2.5L 2018-2024',
    'Fine-wire tip for a stronger spark.',
    'ignition',
    'toyota',
    940,
  ],
];

/** SKUs of the fixture parts, in catalogue (insertion) order. */
export const searchFixtureSkus = rows.map(([sku]) => sku);

export const searchFixture: SeedCatalog = {
  makes: [
    { slug: 'toyota', name: 'Toyota', img: '/images/makes/toyota.svg', models: ['Camry', 'RAV4'] },
    { slug: 'ford', name: 'Ford', img: '/images/makes/ford.svg', models: ['F-150', 'Escape'] },
    { slug: 'honda', name: 'Honda', img: '/images/makes/honda.svg', models: ['Civic', 'CR-V'] },
  ],
  categories: [
    { slug: 'brakes', name: 'Brakes', img: '/images/categories/brakes.svg' },
    { slug: 'filters', name: 'Filters', img: '/images/categories/filters.svg' },
    { slug: 'ignition', name: 'Ignition', img: '/images/categories/ignition-electrical.svg' },
  ],
  parts: rows.map(([sku, name, description, category, make, priceCents]) => ({
    sku,
    name,
    description,
    category,
    make,
    available: 500,
    minqty: 10,
    priceCents,
    img: '/images/parts/brake-pads-ceramic.svg',
  })),
  reviews: [],
};
