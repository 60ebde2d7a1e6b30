/**
 * Customer reviews shown on the home page ("What Our Customers Say!"): believable wholesale buyers such as
 * independent repair shops, fleet managers and parts resellers. Avatars are initials on a coloured circle.
 * They only praise what the shop does (no invoices or purchase orders: it has neither).
 */
import type { SeedReview } from './types.js';

export const reviews: SeedReview[] = [
  {
    name: 'Dana Mitchell',
    img: '/images/reviews/1.svg',
    description:
      'I run a six-bay independent shop in Dayton and order pads, rotors and filters here every week. Fitment has been right every time, and a pallet ordered by 2 pm is on my dock the next morning.',
    rating: 5,
  },
  {
    name: 'Rafael Ortiz',
    img: '/images/reviews/2.svg',
    description:
      'Fleet maintenance manager for 140 Sprinter and Ram ProMaster delivery vans. Case pricing on brake pads and oil filters cut our parts spend by about 18% this year.',
    rating: 5,
  },
  {
    name: 'Tamika Keller',
    img: '/images/reviews/3.svg',
    description:
      'We resell through our parts counter and online. The part numbers and fitment notes are clear, so returns dropped; I only wish more of the lighting came in singles.',
    rating: 4,
  },
  {
    name: 'Luis Pereira',
    img: '/images/reviews/4.svg',
    description:
      'Two-bay shop, mostly Hondas and Toyotas. The timing belt kits come complete with the seals, which saves me a second supplier run on every job.',
    rating: 5,
  },
  {
    name: 'Aaron Brooks',
    img: '/images/reviews/5.svg',
    description:
      'We buy for a county road department: F-150s, Silverados and Explorers. Minimum quantities suit our stockroom, and searching by part number makes reordering quick.',
    rating: 4,
  },
  {
    name: 'Jenna Walsh',
    img: '/images/reviews/6.svg',
    description:
      'My online store lists over 3,000 of their SKUs. Stock counts are accurate, so I almost never have to cancel an order on a customer.',
    rating: 5,
  },
  {
    name: 'Sanjay Nair',
    img: '/images/reviews/7.svg',
    description:
      'Purchasing lead for a group of three collision and mechanical shops. Struts and control arms are solid OE-equivalent quality at a real wholesale price.',
    rating: 4,
  },
  {
    name: 'Megan Greer',
    img: '/images/reviews/8.svg',
    description:
      'As a mobile mechanic I keep a van stocked with coils, plugs, sensors and belts. Ordering by the case here keeps my margins healthy and my van organized.',
    rating: 5,
  },
  {
    name: 'Curtis Hall',
    img: '/images/reviews/9.svg',
    description:
      'The parts themselves are good, but one radiator order shipped two days late and the tracking number came only after I called. Support did credit the freight.',
    rating: 3,
  },
  {
    name: 'Priya Venkataraman',
    img: '/images/reviews/10.svg',
    description:
      'We maintain a rental fleet of 400 mostly Japanese and Korean cars. Cabin and engine air filters by the hundred at this price are hard to beat.',
    rating: 5,
  },
];
