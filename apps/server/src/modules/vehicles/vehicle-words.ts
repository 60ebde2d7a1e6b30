/**
 * How buyers write makes and models (docs/requirements.md §12 "Search that reads a vehicle"), kept as data and
 * tested (vehicle-directory.test.ts). Keys are lower-case letters and digits only (the breaks of the typed words
 * removed: "f-150", "f 150" and "f150" are all "f150"); values are the vehicle list's slugs. A model's own name
 * and slug, without breaks, need no entry ("crv", "rav4", "f150", "grandcherokee" are found as they are).
 */

/** Other names of makes: nicknames and short forms. */
export const MAKE_ALIASES: Readonly<Record<string, string>> = {
  chevy: 'chevrolet',
  chev: 'chevrolet',
  vw: 'volkswagen',
  vdub: 'volkswagen',
  merc: 'mercedes-benz',
  mercedes: 'mercedes-benz',
  benz: 'mercedes-benz',
  mb: 'mercedes-benz',
  bimmer: 'bmw',
  beemer: 'bmw',
  yota: 'toyota',
  hyundia: 'hyundai',
  subie: 'subaru',
};

/** Other names of models, each as [make slug, model slug]: trims in the name, nicknames, older names. */
export const MODEL_ALIASES: Readonly<Record<string, readonly [string, string]>> = {
  silverado1500: ['chevrolet', 'silverado'],
  silverado2500: ['chevrolet', 'silverado-hd'],
  silverado2500hd: ['chevrolet', 'silverado-hd'],
  sierra1500: ['gmc', 'sierra'],
  sierra2500: ['gmc', 'sierra-hd'],
  sierra2500hd: ['gmc', 'sierra-hd'],
  miata: ['mazda', 'mx-5'],
  mx5miata: ['mazda', 'mx-5'],
  vette: ['chevrolet', 'corvette'],
  gti: ['volkswagen', 'golf-gti'],
  promaster: ['ram', 'promaster-1500'],
  glc: ['mercedes-benz', 'glc-class'],
  gle: ['mercedes-benz', 'gle-class'],
  cclass: ['mercedes-benz', 'c-class'],
  eclass: ['mercedes-benz', 'e-class'],
  jgc: ['jeep', 'grand-cherokee'],
  wrangler4xe: ['jeep', 'wrangler'],
};

/**
 * Model names that are also words of parts and accessories ('spark plug', 'battery charger', 'leaf spring'): read
 * as a model only next to their make ('chevy spark'), never alone.
 */
export const PARTS_WORDS_NAMING_MODELS: ReadonlySet<string> = new Set([
  'spark',
  'compass',
  'element',
  'pilot',
  'probe',
  'leaf',
  'volt',
  'fit',
  'edge',
  'express',
  'accent',
  'fox',
  'pickup',
  'van',
  'coupe',
  'cabriolet',
  'metro',
  'venture',
  'escape',
  'clarity',
  'insight',
  'venue',
  'excel',
  'recon',
  'liberty',
  'commander',
  'cube',
  'quest',
  'rally',
  'safari',
  'echo',
  'crown',
  'eos',
  'flex',
  'gt',
  'tt',
  'cc',
]);

/** Make names that are also words of parts ('ram air intake'): read as a make only with one of its models. */
export const PARTS_WORDS_NAMING_MAKES: ReadonlySet<string> = new Set(['ram']);

/** Model years a search reads: four digits from the vehicle list's first to last year. */
export const YEAR_PATTERN = /^(19|20)\d\d$/;

/** Letters and digits of `text`, lower case: the form every key above is in. */
export function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}
