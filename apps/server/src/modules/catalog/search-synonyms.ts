/**
 * Words buyers use for the same part (docs/requirements.md §12 "Search that reads a vehicle"), kept as data and
 * tested (parts-search.test.ts): a search word also matches each of its synonyms, with the same points. Keys
 * and values are single lower-case words as searchTerms splits them; stemming still applies to both ('rotors'
 * is stemmed like 'rotor', 'plugs' like 'plug'). A synonym matches a part by itself, wherever it stands in the part's
 * text: it must name the part on its own, never half of a phrase whose other half means something else
 * ('absorber' of "shock absorber" stems like the 'absorbent' of an AGM battery).
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  // "brake disc" and "rotor" name one part.
  rotor: ['disc'],
  rotors: ['disc'],
  disc: ['rotor'],
  discs: ['rotor'],
  // "shocks" and "struts" are the dampers; a shop lists them as shock absorbers and strut assemblies. Not
  // "absorber": it stems like "absorbent" (an AGM battery's absorbent glass mat), and a synonym matches on its own.
  shocks: ['strut'],
  shock: ['strut'],
  damper: ['shock', 'strut'],
  dampers: ['shock', 'strut'],
  // "plugs" on a parts counter means spark plugs.
  plugs: ['spark'],
  muffler: ['silencer'],
  silencer: ['muffler'],
  cat: ['catalytic'],
  o2: ['oxygen'],
  rad: ['radiator'],
  headlamp: ['headlight'],
  headlamps: ['headlight'],
  taillamp: ['tail'],
  coilpack: ['coil'],
  wipers: ['wiper'],
  mats: ['mat'],
  bulbs: ['bulb'],
};

/** The synonyms of one search word (none: an empty list). */
export function synonymsOf(word: string): readonly string[] {
  return Object.hasOwn(SEARCH_SYNONYMS, word) ? SEARCH_SYNONYMS[word]! : [];
}
