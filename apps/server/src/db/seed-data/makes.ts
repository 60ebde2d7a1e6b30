/**
 * Vehicle makes of the demo catalogue: brands sold in North America, each with a few of its best-selling
 * models (used in part names and by the large catalogue generator). Badge images are neutral name plates
 * drawn for this shop, not the makers' trademarked logos.
 */
import type { SeedMake } from './types.js';

export const makes: SeedMake[] = [
  {
    slug: 'toyota',
    name: 'Toyota',
    img: '/images/makes/toyota.svg',
    models: ['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Highlander', 'Tundra'],
  },
  {
    slug: 'ford',
    name: 'Ford',
    img: '/images/makes/ford.svg',
    models: ['F-150', 'Escape', 'Explorer', 'Mustang', 'Ranger', 'Bronco'],
  },
  {
    slug: 'chevrolet',
    name: 'Chevrolet',
    img: '/images/makes/chevrolet.svg',
    models: ['Silverado 1500', 'Equinox', 'Malibu', 'Tahoe', 'Colorado', 'Traverse'],
  },
  {
    slug: 'honda',
    name: 'Honda',
    img: '/images/makes/honda.svg',
    models: ['Civic', 'Accord', 'CR-V', 'Pilot', 'Odyssey'],
  },
  {
    slug: 'nissan',
    name: 'Nissan',
    img: '/images/makes/nissan.svg',
    models: ['Altima', 'Rogue', 'Sentra', 'Frontier', 'Pathfinder'],
  },
  {
    slug: 'hyundai',
    name: 'Hyundai',
    img: '/images/makes/hyundai.svg',
    models: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe', 'Palisade'],
  },
  {
    slug: 'kia',
    name: 'Kia',
    img: '/images/makes/kia.svg',
    models: ['Forte', 'Sportage', 'Sorento', 'Telluride', 'Soul'],
  },
  {
    slug: 'subaru',
    name: 'Subaru',
    img: '/images/makes/subaru.svg',
    models: ['Outback', 'Forester', 'Crosstrek', 'Impreza', 'WRX', 'Ascent'],
  },
  {
    slug: 'volkswagen',
    name: 'Volkswagen',
    img: '/images/makes/volkswagen.svg',
    models: ['Jetta', 'Golf GTI', 'Tiguan', 'Atlas', 'Passat'],
  },
  {
    slug: 'bmw',
    name: 'BMW',
    img: '/images/makes/bmw.svg',
    models: ['3 Series', '5 Series', 'X3', 'X5'],
  },
  {
    slug: 'mercedes-benz',
    name: 'Mercedes-Benz',
    img: '/images/makes/mercedes-benz.svg',
    models: ['C-Class', 'E-Class', 'GLC', 'GLE', 'Sprinter'],
  },
  {
    slug: 'audi',
    name: 'Audi',
    img: '/images/makes/audi.svg',
    models: ['A4', 'A6', 'Q5', 'Q7'],
  },
  {
    slug: 'mazda',
    name: 'Mazda',
    img: '/images/makes/mazda.svg',
    models: ['Mazda3', 'CX-5', 'CX-30', 'MX-5 Miata', 'CX-9'],
  },
  {
    slug: 'jeep',
    name: 'Jeep',
    img: '/images/makes/jeep.svg',
    models: ['Wrangler', 'Grand Cherokee', 'Cherokee', 'Compass', 'Gladiator'],
  },
  {
    slug: 'ram',
    name: 'Ram',
    img: '/images/makes/ram.svg',
    models: ['1500', '2500', '3500', 'ProMaster'],
  },
  {
    slug: 'gmc',
    name: 'GMC',
    img: '/images/makes/gmc.svg',
    models: ['Sierra 1500', 'Sierra 2500HD', 'Yukon', 'Acadia', 'Canyon', 'Terrain'],
  },
];
