/**
 * The vehicle list (docs/requirements.md §12; docs/decisions/019): every model year 1990-2026 of the catalogue's
 * makes that NHTSA's vPIC data knows for passenger cars, trucks and MPVs (a model under a make only when vPIC's
 * Make_Model pairs them: a WMI shared by several makes names models of each), with the engines (displacement and
 * cylinders) that vPIC's VIN patterns give for that model's schemas. A model year vPIC gives no engine for takes the
 * engines of the nearest model year that has them (the earlier one on a tie); a model it never gives one for gets
 * one row "All engines". Read once, when the vehicles table is empty, with sql.js in this process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import type { AppDatabase } from '../../db/connect.js';
import { vehicles } from '../../db/schema/index.js';
import { makes as catalogMakes } from '../../db/seed-data/index.js';
import { vpicFiles } from './vpic.js';

/** The model years the shop lists. */
export const FIRST_MODEL_YEAR = 1990;
export const LAST_MODEL_YEAR = 2026;
/** The engine of a model vPIC gives no engine for. */
export const ALL_ENGINES = 'All engines';

/** A vehicle row before insertion. */
export interface NewVehicle {
  year: number;
  makeSlug: string;
  make: string;
  modelSlug: string;
  model: string;
  engine: string;
}

/** "Mercedes-Benz" -> "mercedes-benz", "Silverado 1500" -> "silverado-1500". */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "2.50", "2.5" -> "2.5L"; with cylinders "2.5L 4-cyl"; null for no usable displacement. */
function engineLabel(litres: string, cylinders: string | null): string | null {
  const value = Number(litres);
  if (!Number.isFinite(value) || value <= 0 || value > 20) return null;
  const cyl = cylinders && /^\d+$/.test(cylinders) ? ` ${cylinders}-cyl` : '';
  return `${value.toFixed(1)}L${cyl}`;
}

/** vPIC element ids: Model 28, Displacement (L) 13, Engine Number of Cylinders 9; vehicle types 2, 3 and 7. */
const MODEL_ENGINES_SQL = `
  with models as (
    select lower(mk.Name) as make, md.Name as model, p.VinSchemaId as schema,
           max(coalesce(wvs.YearFrom, ${FIRST_MODEL_YEAR}), ${FIRST_MODEL_YEAR}) as y0,
           min(coalesce(wvs.YearTo, ${LAST_MODEL_YEAR}), ${LAST_MODEL_YEAR}) as y1
    from Pattern p
    join Model md on md.Id = p.AttributeId
    join Wmi_VinSchema wvs on wvs.VinSchemaId = p.VinSchemaId
    join Wmi w on w.Id = wvs.WmiId
    join Wmi_Make wm on wm.WmiId = w.Id
    join Make mk on mk.Id = wm.MakeId
    join Make_Model mm on mm.MakeId = mk.Id and mm.ModelId = md.Id
    where p.ElementId = 28 and w.VehicleTypeId in (2, 3, 7) and lower(mk.Name) in (MAKES)
    group by 1, 2, 3
  ), engines as (
    select d.VinSchemaId as schema, d.AttributeId as litres, c.AttributeId as cylinders
    from Pattern d
    left join Pattern c on c.VinSchemaId = d.VinSchemaId and c.ElementId = 9 and c.Keys = d.Keys
    where d.ElementId = 13
  )
  select m.make, m.model, m.y0, m.y1, e.litres, e.cylinders
  from models m left join engines e on e.schema = m.schema
  where m.y0 <= m.y1`;

/** Reads the vehicles of the catalogue's makes from the vPIC database (about 1 s). */
export async function readVpicVehicles(): Promise<NewVehicle[]> {
  const files = vpicFiles();
  const initSqlJs = createRequire(import.meta.url)(files.sqlJs) as (
    options?: object,
  ) => Promise<{ Database: new (data: Uint8Array) => SqlJsDatabase }>;
  const SQL = await initSqlJs();
  const database = new SQL.Database(gunzipSync(readFileSync(files.database)));
  const makeNames = new Map(catalogMakes.map((make) => [make.name.toLowerCase(), make.name]));
  let rows: unknown[][];
  try {
    const makeList = [...makeNames.keys()].map((name) => `'${name.replace(/'/g, "''")}'`).join(', ');
    rows = database.exec(MODEL_ENGINES_SQL.replace('MAKES', makeList))[0]?.values ?? [];
  } finally {
    database.close();
  }

  // Engines per make, model and year, then the fill for years without any.
  const byModel = new Map<string, { make: string; model: string; years: Map<number, Set<string>> }>();
  for (const [make, model, y0, y1, litres, cylinders] of rows as [
    string,
    string,
    number,
    number,
    string | null,
    string | null,
  ][]) {
    const key = `${make}\u0000${model}`;
    const entry = byModel.get(key) ?? { make: makeNames.get(make)!, model: model.trim(), years: new Map() };
    byModel.set(key, entry);
    const label = litres === null ? null : engineLabel(litres, cylinders);
    for (let year = y0; year <= y1; year += 1) {
      const engines = entry.years.get(year) ?? new Set<string>();
      entry.years.set(year, engines);
      if (label) engines.add(label);
    }
  }
  const result: NewVehicle[] = [];
  for (const { make, model, years } of byModel.values()) {
    if (!model) continue;
    const known = [...years].filter(([, engines]) => engines.size > 0).map(([year]) => year);
    for (const [year, engines] of years) {
      let names = [...engines];
      if (names.length === 0) {
        const nearest = known.sort((a, b) => Math.abs(a - year) - Math.abs(b - year) || a - b)[0];
        names = nearest === undefined ? [ALL_ENGINES] : [...years.get(nearest)!];
      }
      for (const engine of names.sort())
        result.push({ year, makeSlug: slugOf(make), make, modelSlug: slugOf(model), model, engine });
    }
  }
  return result;
}

/** The part of sql.js's Database this module uses. */
interface SqlJsDatabase {
  exec(sql: string): { columns: string[]; values: unknown[][] }[];
  close(): void;
}

/**
 * Fills the vehicles table from vPIC when it is empty (idempotent; two concurrent runs may both read, and the
 * unique index keeps one copy). Returns how many vehicles it inserted.
 */
export async function seedVehicles(db: AppDatabase): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(vehicles);
  if ((existing?.value ?? 0) > 0) return 0;
  const rows = await readVpicVehicles();
  let inserted = 0;
  for (let start = 0; start < rows.length; start += 1000) {
    const written = await db
      .insert(vehicles)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing()
      .returning({ id: vehicles.id });
    inserted += written.length;
  }
  return inserted;
}
