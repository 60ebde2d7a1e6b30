/**
 * The request universe of the catalogue, built over HTTP from the running shop (no database access, no server
 * source): the categories, the makes, and parts harvested from ~BENCH_SAMPLE_PAGES pages of 100 at random
 * offsets (the whole catalogue when it is that small), so that building it stays bounded at 1,000,000 parts.
 * Deterministic: the same catalogue gives the same requests. And the traffic drawn from it.
 */
import { createRandom, pick, randomIndex, shuffled } from './random.mjs';

/** Orders of GET /api/parts (packages/shared/src/constants.ts PART_SORTS); relevance is the default. */
export const SORTS = ['relevance', 'price-asc', 'price-desc', 'name-asc', 'name-desc'];
const PAGE_SIZE = 12;
const SAMPLE_PAGE_SIZE = 100;

async function get(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { body: await response.json(), total: Number(response.headers.get('x-total-count')) };
}

/** `GET /api/parts` with these parameters (sort left out when relevance, the default). */
export function partsPath(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '' && !(key === 'sort' && value === 'relevance'))
      search.set(key, String(value));
  const query = search.toString();
  return query ? `/api/parts?${query}` : '/api/parts';
}

/** Parts of ~`pages` pages of 100 at random offsets (4 at a time), each part once, in a stable order. */
async function harvest(base, total, pages, rand) {
  const lastOffset = Math.max(0, total - SAMPLE_PAGE_SIZE);
  const offsets =
    total <= pages * SAMPLE_PAGE_SIZE
      ? Array.from({ length: Math.ceil(total / SAMPLE_PAGE_SIZE) }, (_, page) => page * SAMPLE_PAGE_SIZE)
      : Array.from({ length: pages }, () => randomIndex(rand, lastOffset + 1));
  const lists = new Array(offsets.length);
  let nextPage = 0;
  const worker = async () => {
    for (let page = nextPage++; page < offsets.length; page = nextPage++)
      lists[page] = (
        await get(`${base}${partsPath({ limit: SAMPLE_PAGE_SIZE, offset: offsets[page] })}`)
      ).body;
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const byId = new Map();
  for (const part of lists.flat()) byId.set(part._id, part);
  return [...byId.values()];
}

/** The words of a part name a buyer would type: letters only, 3 or more. */
const wordsOf = (name) => name.split(/[^A-Za-z]+/).filter((word) => word.length >= 3);

/** One to two consecutive words of `words`. */
function phrase(words, rand) {
  const length = Math.min(words.length, 1 + randomIndex(rand, 2));
  const start = randomIndex(rand, words.length - length + 1);
  return words.slice(start, start + length);
}

/** `word` with one letter (not the first) dropped or swapped with its neighbour. */
function misspell(word, rand) {
  const at = 1 + randomIndex(rand, word.length - 2);
  return rand() < 0.5
    ? word.slice(0, at) + word.slice(at + 1)
    : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** A part number as buyers type it: lower case, spaces for dashes, no separators, stray spaces, cut short. */
function partNumberSpellings(sku) {
  return [
    sku.toLowerCase().replaceAll('-', ' '),
    sku.replaceAll('-', ''),
    ` ${sku.toLowerCase()}  `,
    sku.slice(0, -2),
  ];
}

/**
 * The request universe by kind (each a shuffled list of distinct paths, at most `perKind` long):
 * search (1-2 words of names), part number, typo (a word of 5+ letters misspelt), filter (every category,
 * make and category x make, every sort, first three pages), plain page (random page of any sort) and part by
 * id, and the vehicle kinds (vehicleRequests). Resolves to `{ total, kinds, samplePath }`; `samplePath` is a typical parts page (the catalogue's first).
 */
export async function buildUniverse(base, { seed = 6, samplePages = 200, perKind = 5000 } = {}) {
  const rand = createRandom(seed);
  const categories = (await get(`${base}/api/category?limit=100`)).body;
  const makes = (await get(`${base}/api/make?limit=100`)).body;
  const { total } = await get(`${base}${partsPath({ limit: 1 })}`);
  const parts = await harvest(base, total, samplePages, rand);
  const search = new Set();
  const typo = new Set();
  const partNumber = new Set();
  for (const part of parts) {
    const words = wordsOf(part.name);
    if (words.length) {
      const text = phrase(words, rand).join(' ');
      search.add(partsPath({ q: rand() < 0.5 ? text.toLowerCase() : text }));
      const typed = phrase(words, rand);
      const long = typed.findIndex((word) => word.length >= 5);
      if (long >= 0) {
        typed[long] = misspell(typed[long].toLowerCase(), rand);
        typo.add(partsPath({ q: typed.join(' ') }));
      }
    }
    partNumber.add(partsPath({ q: pick(rand, partNumberSpellings(part.sku)) }));
  }
  const filter = [];
  for (const category of [undefined, ...categories])
    for (const make of [undefined, ...makes])
      if (category || make)
        for (const sort of SORTS)
          for (const page of [0, 1, 2])
            filter.push(
              partsPath({
                category: category?._id,
                make: make?._id,
                sort,
                offset: page * PAGE_SIZE || undefined,
              }),
            );
  const plainPage = new Set();
  const lastPage = Math.max(0, Math.floor((total - 1) / PAGE_SIZE));
  for (let index = 0; index < perKind * 2 && plainPage.size < perKind; index += 1)
    plainPage.add(
      partsPath({
        offset: PAGE_SIZE * randomIndex(rand, lastPage + 1) || undefined,
        sort: pick(rand, SORTS),
      }),
    );
  const partById = parts.map((part) => `/api/parts/${part._id}`);
  const { vehicleList, vehicleSearch } = await vehicleRequests(base, parts, categories, rand, perKind);
  const kinds = {
    search,
    'part number': partNumber,
    typo,
    filter,
    'plain page': plainPage,
    'part by id': partById,
    'vehicle list': vehicleList,
    'vehicle search': vehicleSearch,
  };
  for (const [kind, paths] of Object.entries(kinds))
    kinds[kind] = shuffled(rand, [...paths]).slice(0, perKind);
  return { total, kinds, samplePath: partsPath({}) };
}

/** The shoppers' kinds a member's requests are drawn from (bench/lib/member.mjs). */
const MEMBER_KINDS = [
  'search',
  'part number',
  'typo',
  'filter',
  'plain page',
  'part by id',
  'vehicle list',
  'vehicle search',
];

/**
 * The `member` kind: a signed-in member's slice of the universe (docs/requirements.md §15: every price it sees is
 * its own, sorting by price follows them). An equal share of each shoppers' kind of `kinds`, plus its searches
 * sorted by price (the other lists already take every sort), shuffled, at most `perKind`. Sent with the member's
 * token, every answer is repriced; sorted by price, it is the member's own order.
 */
export function memberRequests(kinds, { seed = 7, perKind = 5000 } = {}) {
  const rand = createRandom(seed);
  const share = Math.ceil(perKind / (MEMBER_KINDS.length + 1));
  const paths = MEMBER_KINDS.flatMap((kind) => (kinds[kind] ?? []).slice(0, share));
  const sorted = (kinds.search ?? [])
    .slice(share, 2 * share)
    .map((path) => `${path}&sort=${rand() < 0.5 ? 'price-asc' : 'price-desc'}`);
  return shuffled(rand, [...paths, ...sorted]).slice(0, perKind);
}

/** Parts whose fitment rows give the vehicles of the vehicle kinds (their rows read over HTTP). */
const VEHICLE_SAMPLE_PARTS = 600;

/**
 * The vehicle kinds (docs/requirements.md §12), from the application rows of up to VEHICLE_SAMPLE_PARTS harvested
 * parts (`GET /api/parts/:id/fitment`), each row giving a vehicle (a model year inside its range):
 * - vehicle list: `year`, `make`, `model` (a third with the category too), any sort, first three pages;
 * - vehicle search: the vehicle written in `q` as buyers do ("2019 camry brake pads", "f150 rotor": a year, or
 *   none, the model's name, 1-2 words of a part name).
 */
async function vehicleRequests(base, parts, categories, rand, perKind) {
  const vehicles = [];
  const sample = shuffled(rand, parts).slice(0, VEHICLE_SAMPLE_PARTS);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < sample.length; index = next++) {
      const rows = (await get(`${base}/api/parts/${sample[index]._id}/fitment?limit=5`)).body;
      for (const row of rows) vehicles.push({ row, words: wordsOf(sample[index].name) });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  vehicles.sort((a, b) => a.row._id - b.row._id);
  const vehicleList = new Set();
  const vehicleSearch = new Set();
  for (const { row, words } of vehicles) {
    const year = row.yearFrom + randomIndex(rand, row.yearTo - row.yearFrom + 1);
    vehicleList.add(
      partsPath({
        year,
        make: row.make,
        model: row.model,
        category: rand() < 0.33 ? pick(rand, categories)._id : undefined,
        sort: pick(rand, SORTS),
        offset: PAGE_SIZE * randomIndex(rand, 3) || undefined,
      }),
    );
    const typed = words.length ? phrase(words, rand).join(' ').toLowerCase() : '';
    const model = rand() < 0.5 ? row.modelName.toLowerCase() : row.model.replaceAll('-', '');
    vehicleSearch.add(partsPath({ q: [rand() < 0.75 ? year : '', model, typed].filter(Boolean).join(' ') }));
  }
  return {
    vehicleList: shuffled(rand, [...vehicleList]).slice(0, perKind),
    vehicleSearch: shuffled(rand, [...vehicleSearch]).slice(0, perKind),
  };
}

/** Requests `count` paths of each kind once; a path that does not answer 200 is a broken universe: throws. */
export async function checkUniverse(base, kinds, count = 8) {
  for (const paths of Object.values(kinds))
    for (const path of paths.slice(0, count)) {
      const response = await fetch(base + path);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
}

/**
 * Traffic drawn from `kinds` as shoppers ask: a kind in equal share, then one of its requests with Zipf
 * popularity (the k-th is asked 1/k^`zipf` as often as the first; 0: uniform). Returns `next()`.
 */
export function traffic(kinds, seed, zipf = 1) {
  const rand = createRandom(seed);
  const lists = Object.values(kinds).filter((list) => list.length);
  const cumulative = lists.map((list) => {
    let sum = 0;
    return list.map((_, rank) => (sum += 1 / (rank + 1) ** zipf));
  });
  return () => {
    const kind = randomIndex(rand, lists.length);
    const sums = cumulative[kind];
    const target = rand() * sums[sums.length - 1];
    let low = 0;
    let high = sums.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sums[middle] < target) low = middle + 1;
      else high = middle;
    }
    return lists[kind][low];
  };
}
