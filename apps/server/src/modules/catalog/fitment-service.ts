/**
 * A part's fitment as the API shows and admins write it (docs/requirements.md §12; docs/decisions/020-fitment-model.md):
 * rows listed with the vehicle list's names of their make and model, and replacements checked against that list
 * (make and model known, the model made in some year of the range, the engine one of its engines in those years).
 * Every replacement is a catalogue change (migration 0016's trigger tells other processes; `changes` this one).
 */
import {
  apiErrorCodes,
  isId,
  messages,
  type FitmentQuery,
  type FitmentRow,
  type partFitmentInputSchema,
} from '@partsforge/shared';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/connect.js';
import { HttpError, NotFoundError } from '../../lib/http-errors.js';
import type { Page } from '../../lib/page.js';
import type { VehicleDirectory } from '../vehicles/index.js';
import type { CatalogChanges } from './catalog-cache.js';
import { createFitmentRepository, type NewFitmentRow } from './fitment-repository.js';

/** A validated `PUT /parts/{id}/fitment` body. */
export type PartFitment = z.output<typeof partFitmentInputSchema>;

/** Fitment reads and writes. */
export interface FitmentService {
  /** One page of a part's rows (FitmentRow); throws NotFoundError for an unknown or malformed id. */
  list(partId: string, query: FitmentQuery): Promise<Page<FitmentRow>>;
  /**
   * Replaces a part's fitment. Throws NotFoundError for an unknown part, HttpError 400 VALIDATION_FAILED naming
   * the first row the vehicle list does not know (`errors['rows.N.make' | 'rows.N.model' | 'rows.N.engine']`).
   */
  replace(partId: string, input: PartFitment): Promise<void>;
}

/** One validated application row of a `PUT /parts/{id}/fitment` body (fitmentRowInputSchema's output). */
export type FitmentRowInputValue = PartFitment['rows'][number];

/** An application row checked against the vehicle list: the row to write, or the field it fails on and why. */
export type FitmentRowCheck =
  { row: NewFitmentRow } | { field: 'make' | 'model' | 'engine'; problem: string };

/**
 * Checks one application row against the vehicle list (docs/requirements.md §12 "Fitment"): the make known (slug,
 * name or alias), the model one of its models in some year of the range, the engine (when given) one of the model's
 * engines in those years. Answers the row with the list's slugs, or the failing field and a readable problem
 * ('no make "x" in the vehicle list'). Used by `PUT /parts/{id}/fitment` and the catalogue import (docs/requirements.md §13).
 */
export async function checkFitmentRow(
  directory: VehicleDirectory,
  row: FitmentRowInputValue,
): Promise<FitmentRowCheck> {
  const make = await directory.make(row.make);
  if (!make) return { field: 'make', problem: `no make "${row.make}" in the vehicle list` };
  const names = await directory.names(make.slug, row.model);
  if (!names) return { field: 'model', problem: `no ${make.name} model "${row.model}" in the vehicle list` };
  const engines = await directory.engines(make.slug, row.model, row.yearFrom, row.yearTo);
  if (!engines)
    return {
      field: 'model',
      problem: `the vehicle list has no ${make.name} ${names.model.name} from ${row.yearFrom} to ${row.yearTo}`,
    };
  if (row.engine && !engines.has(row.engine))
    return {
      field: 'engine',
      problem: `the ${make.name} ${names.model.name} has no engine "${row.engine}" from ${row.yearFrom} to ${row.yearTo}`,
    };
  return {
    row: {
      makeSlug: make.slug,
      modelSlug: names.model.slug,
      yearFrom: row.yearFrom,
      yearTo: row.yearTo,
      engine: row.engine,
      submodel: row.submodel,
      position: row.position,
      quantity: row.quantity,
      note: row.note,
    },
  };
}

/** Builds the service on `db`, naming vehicles from `directory` and telling `changes` of each replacement. */
export function createFitmentService(
  db: AppDatabase,
  directory: VehicleDirectory,
  changes: CatalogChanges,
): FitmentService {
  const repository = createFitmentRepository(db);

  /** A 400 for row `index` (0-based) and its `field`. */
  function rowError(index: number, field: 'make' | 'model' | 'engine', message: string): HttpError {
    const text = `Row ${index + 1}: ${message}`;
    return new HttpError(400, `${messages.errors.invalidRequest}: ${text}`, apiErrorCodes.validationFailed, {
      [`rows.${index}.${field}`]: text,
    });
  }

  return {
    async list(partId, query) {
      if (!isId(partId)) throw new NotFoundError(messages.errors.partNotFound);
      const page = await repository.list(partId.toLowerCase(), query);
      if (!page) throw new NotFoundError(messages.errors.partNotFound);
      const items = await Promise.all(
        page.items.map(async (row): Promise<FitmentRow> => {
          const names = await directory.names(row.makeSlug, row.modelSlug);
          return {
            _id: row.id,
            make: row.makeSlug,
            makeName: names?.make.name ?? row.makeSlug,
            model: row.modelSlug,
            modelName: names?.model.name ?? row.modelSlug,
            yearFrom: row.yearFrom,
            yearTo: row.yearTo,
            engine: row.engine,
            submodel: row.submodel,
            position: row.position,
            quantity: row.quantity,
            note: row.note,
          };
        }),
      );
      return { items, total: page.total };
    },

    async replace(partId, input) {
      if (!isId(partId)) throw new NotFoundError(messages.errors.partNotFound);
      const rows: NewFitmentRow[] = [];
      for (const [index, row] of input.rows.entries()) {
        const checked = await checkFitmentRow(directory, row);
        if ('problem' in checked) throw rowError(index, checked.field, checked.problem);
        rows.push(checked.row);
      }
      if (!(await repository.replace(partId.toLowerCase(), input.universal, rows)))
        throw new NotFoundError(messages.errors.partNotFound);
      changes.catalogueChanged();
    },
  };
}
