import type { Category, Make, Part, Review } from '@partsforge/shared/catalog';
import type { NamedVehicle } from '@partsforge/shared/fitment';

/** Payloads shaped like the real API's answers (prices in dollars, image URLs from the API). */
export const partsFixture: Part[] = [
  [
    'Ceramic Front Brake Pad Set',
    'Low-dust ceramic pads for front disc brakes; quiet stops and long life.',
    1200,
    20,
    38.99,
    'brake-pads',
    'BRK-CP-1042',
    'Brakes',
    'Toyota',
  ],
  [
    'Spin-On Engine Oil Filter',
    'High-efficiency synthetic media traps 99% of particles; anti-drain-back valve.',
    5400,
    100,
    6.49,
    'oil-filter',
    'FLT-OL-2210',
    'Filters',
    'Ford',
  ],
  [
    'Iridium Spark Plug',
    'Fine-wire iridium tip for a stronger spark, smoother idle and 100,000-mile life.',
    8800,
    50,
    9.75,
    'spark-plug',
    'IGN-SP-0318',
    'Ignition',
    'Honda',
  ],
  [
    'Front Strut Assembly',
    'Complete loaded strut with spring and mount; restores ride height and handling.',
    340,
    4,
    129.5,
    'strut',
    'SUS-ST-7781',
    'Suspension',
    'Chevrolet',
  ],
  [
    'AGM Car Battery 70Ah',
    'Absorbent glass mat battery with 760 CCA for start-stop vehicles.',
    260,
    5,
    189,
    'battery',
    'ELC-BT-0070',
    'Electrical',
    'BMW',
  ],
  [
    'Serpentine Drive Belt',
    'EPDM ribbed belt that resists cracking and keeps accessories turning quietly.',
    2100,
    25,
    24.3,
    'drive-belt',
    'ENG-BL-6PK1',
    'Engine',
    'Nissan',
  ],
  [
    'Cabin Air Filter',
    'Activated-carbon cabin filter that blocks pollen, dust and odours.',
    4300,
    50,
    11.2,
    'cabin-filter',
    'FLT-CB-0455',
    'Filters',
    'Hyundai',
  ],
  [
    'Radiator Assembly',
    'Aluminium-core radiator with plastic tanks; direct fit, no modifications.',
    150,
    2,
    214.95,
    'radiator',
    'CLG-RD-3090',
    'Cooling',
    'Volkswagen',
  ],
].map(([name, description, available, minqty, price, type, sku, category, make], index) => ({
  _id: `7b1f6a3e-0c4d-4e8a-9f1b-00000000000${index + 1}`,
  name: name as string,
  description: description as string,
  available: available as number,
  minqty: minqty as number,
  price: price as number,
  img: `/images/parts/${type as string}.svg`,
  sku: sku as string,
  category: category as string,
  make: make as string,
  packSize: 1,
  weightKg: 1.2,
  coreCharge: 0,
  priceBreaks: [],
  universal: false,
  interchangeNumbers: [],
  supersededBy: null,
  replacement: null,
}));

export const reviewsFixture: Review[] = [
  {
    _id: 'rev-1',
    name: 'Maria Lopez',
    img: '/images/reviews/1.svg',
    description:
      'Ordered 200 brake pad sets for our fleet; delivered in three days and every box was correct.',
    rating: 5,
    partId: null,
  },
  {
    _id: 'rev-2',
    name: 'James Carter',
    img: '/images/reviews/2.svg',
    description: 'Good prices on filters in bulk. The minimum quantities suit a small garage like mine.',
    rating: 4,
    partId: null,
  },
  {
    _id: 'rev-3',
    name: 'Aisha Khan',
    img: '/images/reviews/3.svg',
    description: 'Spark plugs arrived well packed. One carton was late, support sorted it quickly.',
    rating: 3,
    partId: null,
  },
];

export const categoriesFixture: Category[] = [
  { _id: 'c0000000-0000-4000-8000-000000000001', name: 'Brakes', img: '/images/categories/brakes.svg' },
  { _id: 'c0000000-0000-4000-8000-000000000002', name: 'Filters', img: '/images/categories/filters.svg' },
  {
    _id: 'c0000000-0000-4000-8000-000000000003',
    name: 'Suspension',
    img: '/images/categories/suspension.svg',
  },
  {
    _id: 'c0000000-0000-4000-8000-000000000004',
    name: 'Electrical',
    img: '/images/categories/electrical.svg',
  },
];

export const makesFixture: Make[] = [
  { _id: 'd0000000-0000-4000-8000-000000000001', name: 'Toyota', img: '/images/makes/toyota.svg' },
  { _id: 'd0000000-0000-4000-8000-000000000002', name: 'Ford', img: '/images/makes/ford.svg' },
  { _id: 'd0000000-0000-4000-8000-000000000003', name: 'Honda', img: '/images/makes/honda.svg' },
  { _id: 'd0000000-0000-4000-8000-000000000004', name: 'BMW', img: '/images/makes/bmw.svg' },
];

/** A vehicle as the garage names it: a 2019 Toyota Camry with its 2.5L engine chosen. */
export const camryFixture: NamedVehicle = {
  year: 2019,
  make: 'toyota',
  makeName: 'Toyota',
  model: 'camry',
  modelName: 'Camry',
  engine: '2.5L 4-cyl',
};
