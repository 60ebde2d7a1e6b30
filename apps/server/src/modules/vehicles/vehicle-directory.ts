/**
 * The vehicle list in memory (docs/requirements.md §12; docs/decisions/020-fitment-model.md): names of makes and
 * models, the model years and engines of each model, and the two readings the catalogue needs from it:
 * - `resolve`: the vehicle of `GET /parts?year=&make=&model=&engine=` (names or slugs, any case);
 * - `read`: a vehicle in a search's words ("2019 camry brake pads", "f150", "chevy").
 * Loaded from the vehicles table at first use (about 25,000 rows, a few MB) and kept: the list changes only when
 * an empty database is seeded. An empty table is not kept, so a list seeded later is seen.
 */
import { asc } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { vehicles } from '../../db/schema/index.js';
import { FIRST_MODEL_YEAR, LAST_MODEL_YEAR } from './vehicle-catalog.js';
import {
  compact,
  MAKE_ALIASES,
  MODEL_ALIASES,
  PARTS_WORDS_NAMING_MAKES,
  PARTS_WORDS_NAMING_MODELS,
  YEAR_PATTERN,
} from './vehicle-words.js';

/** A make or model: slug and display name. */
export interface NamedSlug {
  slug: string;
  name: string;
}

/**
 * Which parts a vehicle filter keeps (docs/requirements.md §12): those with an application row of `make` (and
 * `model` when given) whose years hold `year` (any year when not given) and whose engine is null or `engine`
 * (any when not given); with `universal`, the universal parts too.
 */
export interface VehicleFilter {
  make: string;
  model: string | undefined;
  year: number | undefined;
  engine: string | undefined;
  universal: boolean;
}

/** A vehicle read from a search's words: the filter (or a make alone), what to show, and the other words. */
export interface VehicleReading {
  /** The vehicle filter, or null when only a make was read (it filters by the part's make). */
  filter: VehicleFilter | null;
  make: NamedSlug;
  model: NamedSlug | undefined;
  year: number | undefined;
  /** '2019 Toyota Camry', 'Ford F-150', 'Chevrolet'. */
  label: string;
  /** The words not read as the vehicle, in their order. */
  remainingTerms: string[];
}

/** The vehicle list's lookups; see the module comment. */
export interface VehicleDirectory {
  /** The make named by `text` (slug, name or alias, any case), or null. */
  make(text: string): Promise<NamedSlug | null>;
  /** The names of a make and model by slug, or null when the list has no such model. */
  names(make: string, model: string): Promise<{ make: NamedSlug; model: NamedSlug } | null>;
  /**
   * The engine labels the list has for a make and model (slugs) over `yearFrom`..`yearTo`, or null when it has no
   * such model in any of those years.
   */
  engines(make: string, model: string, yearFrom: number, yearTo: number): Promise<Set<string> | null>;
  /**
   * The filter of a catalogue request's vehicle: `make` and `model` by slug or name (any case), `engine` by label
   * or by a vehicle id of the engine list. Null when the list has no such vehicle (the request lists nothing).
   */
  resolve(vehicle: {
    year: number;
    make: string;
    model: string;
    engine?: string | undefined;
  }): Promise<VehicleFilter | null>;
  /**
   * The vehicle in a search's words (lower-case letters and digits, catalog-search.ts searchTerms), or null
   * (docs/requirements.md §12): a model (with its make, or alone when only one make has it), with the model year
   * when the list has the model in it; or a make alone, which filters by the part's make. A model name that is
   * also a parts word (vehicle-words.ts PARTS_WORDS_NAMING_MODELS) is read only right after its make ("spark
   * plugs" stays a search; "chevy spark" is the Chevrolet Spark); a make that is a parts word ("ram") only with a
   * model.
   */
  read(terms: string[]): Promise<VehicleReading | null>;
}

interface ModelEntry extends NamedSlug {
  /** Engine labels per model year. */
  years: Map<number, string[]>;
}
interface MakeEntry extends NamedSlug {
  models: Map<string, ModelEntry>;
  years: Set<number>;
}
interface DirectoryData {
  makes: Map<string, MakeEntry>;
  /** compact(name, slug or alias) -> make slug. */
  makeWords: Map<string, string>;
  /** compact(name, slug or alias) -> [make slug, model slug] of every model so called. */
  modelWords: Map<string, [string, string][]>;
  /** Vehicle id -> engine label (the engine list's ids). */
  engines: Map<number, string>;
}

/** Longest run of words read as one model ("grand cherokee", "sierra 2500 hd"). */
const MAX_MODEL_WORDS = 3;

async function loadDirectory(db: AppDatabase): Promise<DirectoryData> {
  const rows = await db.select().from(vehicles).orderBy(asc(vehicles.id));
  const makes = new Map<string, MakeEntry>();
  const engines = new Map<number, string>();
  for (const row of rows) {
    let make = makes.get(row.makeSlug);
    if (!make) {
      make = { slug: row.makeSlug, name: row.make, models: new Map(), years: new Set() };
      makes.set(row.makeSlug, make);
    }
    let model = make.models.get(row.modelSlug);
    if (!model) {
      model = { slug: row.modelSlug, name: row.model, years: new Map() };
      make.models.set(row.modelSlug, model);
    }
    make.years.add(row.year);
    const yearEngines = model.years.get(row.year) ?? [];
    yearEngines.push(row.engine);
    model.years.set(row.year, yearEngines);
    engines.set(row.id, row.engine);
  }
  const makeWords = new Map<string, string>();
  const modelWords = new Map<string, [string, string][]>();
  const addModelWord = (word: string, make: string, model: string) => {
    const list = modelWords.get(word) ?? [];
    if (!list.some(([m, md]) => m === make && md === model)) list.push([make, model]);
    modelWords.set(word, list);
  };
  for (const make of makes.values()) {
    makeWords.set(compact(make.slug), make.slug);
    makeWords.set(compact(make.name), make.slug);
    for (const model of make.models.values()) {
      addModelWord(compact(model.slug), make.slug, model.slug);
      addModelWord(compact(model.name), make.slug, model.slug);
    }
  }
  for (const [alias, make] of Object.entries(MAKE_ALIASES)) if (makes.has(make)) makeWords.set(alias, make);
  for (const [alias, [make, model]] of Object.entries(MODEL_ALIASES))
    if (makes.get(make)?.models.has(model)) addModelWord(alias, make, model);
  return { makes, makeWords, modelWords, engines };
}

/** The model of `make` named `text` (slug or name, any case, with or without breaks), or undefined. */
function modelOf(data: DirectoryData, make: MakeEntry, text: string): ModelEntry | undefined {
  const direct = make.models.get(text.toLowerCase());
  if (direct) return direct;
  const found = data.modelWords.get(compact(text))?.find(([slug]) => slug === make.slug);
  return found ? make.models.get(found[1]) : undefined;
}

/** Builds the directory on `db`; the list is read at first use. Database errors propagate. */
export function createVehicleDirectory(db: AppDatabase): VehicleDirectory {
  let loaded: Promise<DirectoryData> | undefined;
  const data = (): Promise<DirectoryData> => {
    if (!loaded) {
      loaded = loadDirectory(db).then(
        (result) => {
          if (result.makes.size === 0) loaded = undefined;
          return result;
        },
        (error: unknown) => {
          loaded = undefined;
          throw error;
        },
      );
    }
    return loaded;
  };

  return {
    async make(text) {
      const { makes, makeWords } = await data();
      const slug = makeWords.get(compact(text));
      const make = slug ? makes.get(slug) : undefined;
      return make ? { slug: make.slug, name: make.name } : null;
    },

    async names(makeSlug, modelSlug) {
      const make = (await data()).makes.get(makeSlug);
      const model = make?.models.get(modelSlug);
      return make && model
        ? { make: { slug: make.slug, name: make.name }, model: { slug: model.slug, name: model.name } }
        : null;
    },

    async engines(makeSlug, modelSlug, yearFrom, yearTo) {
      const model = (await data()).makes.get(makeSlug)?.models.get(modelSlug);
      if (!model) return null;
      let found = false;
      const labels = new Set<string>();
      for (const [year, engines] of model.years)
        if (year >= yearFrom && year <= yearTo) {
          found = true;
          for (const engine of engines) labels.add(engine);
        }
      return found ? labels : null;
    },

    async resolve({ year, make: makeText, model: modelText, engine: engineText }) {
      const directory = await data();
      const slug = directory.makeWords.get(compact(makeText));
      const make = slug ? directory.makes.get(slug) : undefined;
      const model = make ? modelOf(directory, make, modelText) : undefined;
      const engines = model?.years.get(year);
      if (!make || !model || !engines) return null;
      let engine: string | undefined;
      if (engineText) {
        const byId = /^\d+$/.test(engineText) ? directory.engines.get(Number(engineText)) : undefined;
        engine = engines.find((label) => label.toLowerCase() === (byId ?? engineText).toLowerCase());
        if (!engine) return null;
      }
      return { make: make.slug, model: model.slug, year, engine, universal: true };
    },

    async read(terms) {
      const directory = await data();
      const used = terms.map(() => false);
      const yearAt = terms.findIndex((term) => {
        if (!YEAR_PATTERN.test(term)) return false;
        const year = Number(term);
        return year >= FIRST_MODEL_YEAR && year <= LAST_MODEL_YEAR;
      });
      // The make: one word, or two run together ("mercedes benz"); where its words end.
      let make: MakeEntry | undefined;
      let makeWord = '';
      let makeEnd = -1;
      for (let length = 2; length >= 1 && !make; length -= 1)
        for (let start = 0; start + length <= terms.length && !make; start += 1) {
          makeWord = terms.slice(start, start + length).join('');
          const slug = directory.makeWords.get(makeWord);
          if (!slug) continue;
          make = directory.makes.get(slug);
          makeEnd = start + length;
          for (let index = start; index < start + length; index += 1) used[index] = true;
        }
      // The model: the longest run of unread words that names one (of the make, when one was read).
      let model: ModelEntry | undefined;
      for (let length = MAX_MODEL_WORDS; length >= 1 && !model; length -= 1)
        for (let start = 0; start + length <= terms.length && !model; start += 1) {
          const span = terms.slice(start, start + length);
          if (used.slice(start, start + length).some(Boolean)) continue;
          if (start <= yearAt && yearAt < start + length) continue;
          const word = span.join('');
          const candidates = (directory.modelWords.get(word) ?? []).filter(
            ([makeSlug]) => !make || makeSlug === make.slug,
          );
          if (candidates.length === 0) continue;
          if (!make) {
            // Without its make: never a bare number ("1500"), a parts word, or a name two makes share.
            if (/^\d+$/.test(word) || word.length < 2 || PARTS_WORDS_NAMING_MODELS.has(word)) continue;
            if (new Set(candidates.map(([makeSlug]) => makeSlug)).size > 1) continue;
          } else if (PARTS_WORDS_NAMING_MODELS.has(word) && start !== makeEnd) continue; // only right after it
          const [makeSlug, modelSlug] = candidates[0]!;
          const owner = directory.makes.get(makeSlug)!;
          model = owner.models.get(modelSlug);
          make ??= owner;
          for (let index = start; index < start + length; index += 1) used[index] = true;
        }
      if (!make) return null;
      // A make that is also a parts word ("ram air intake") counts only with its model.
      if (!model && PARTS_WORDS_NAMING_MAKES.has(makeWord)) return null;
      // The year counts with a model the vehicle list has in that year; otherwise it stays a search word.
      const year =
        model && yearAt >= 0 && model.years.has(Number(terms[yearAt])) ? Number(terms[yearAt]) : undefined;
      if (year !== undefined) used[yearAt] = true;
      const filter: VehicleFilter | null = model
        ? { make: make.slug, model: model.slug, year, engine: undefined, universal: year !== undefined }
        : null;
      return {
        filter,
        make: { slug: make.slug, name: make.name },
        model: model ? { slug: model.slug, name: model.name } : undefined,
        year,
        label: [year, make.name, model?.name].filter((part) => part !== undefined).join(' '),
        remainingTerms: terms.filter((_, index) => !used[index]),
      };
    },
  };
}
