/**
 * Part categories of the demo catalogue, in the order the home page's "Shop by Categories" shows them.
 * Each part type and each part belongs to exactly one of these (by slug).
 */
import type { SeedCategory } from './types.js';

export const categories: SeedCategory[] = [
  { slug: 'brakes', name: 'Brakes', img: '/images/categories/brakes.svg' },
  { slug: 'engine', name: 'Engine', img: '/images/categories/engine.svg' },
  { slug: 'filters', name: 'Filters', img: '/images/categories/filters.svg' },
  {
    slug: 'ignition-electrical',
    name: 'Ignition & Electrical',
    img: '/images/categories/ignition-electrical.svg',
  },
  {
    slug: 'suspension-steering',
    name: 'Suspension & Steering',
    img: '/images/categories/suspension-steering.svg',
  },
  { slug: 'cooling', name: 'Cooling', img: '/images/categories/cooling.svg' },
  { slug: 'exhaust', name: 'Exhaust & Emissions', img: '/images/categories/exhaust.svg' },
  { slug: 'lighting', name: 'Lighting', img: '/images/categories/lighting.svg' },
  { slug: 'drivetrain', name: 'Drivetrain', img: '/images/categories/drivetrain.svg' },
  { slug: 'body-accessories', name: 'Body & Accessories', img: '/images/categories/body-accessories.svg' },
];
