import type { Category } from '@partsforge/shared/catalog';
import { messages } from '@partsforge/shared/messages';
import { priceLevelsSchema, type PriceLevel } from '@partsforge/shared/trade-terms';
import { get, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorMessage } from '@/components/error-message';
import { Form, FormAlert, SubmitButton } from '@/components/form';
import { useCategoryOptions, usePriceLevels, useSavePriceLevels } from '../api/admin-trade-terms';
import { throwToForm } from '../field-errors';
import { LoadingLine } from './loading-line';

const text = messages.tradeTermsPages;

/** A percentage as typed, as a number (NaN when it is not one, which the contract refuses). */
const percent = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(/[%\s]/g, '')));

/** The levels as typed (percentages as text), parsed into the PUT body. */
const levelsFormSchema = z
  .object({
    levels: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        discountPercent: z.string(),
        categoryDiscounts: z.array(
          z.object({
            categoryId: z.string().min(1, { message: text.chooseCategory }),
            discountPercent: z.string(),
          }),
        ),
      }),
    ),
  })
  .transform(({ levels }) => ({
    levels: levels.map((level) => ({
      code: level.code,
      name: level.name,
      discountPercent: percent(level.discountPercent),
      categoryDiscounts: level.categoryDiscounts.map((row) => ({
        categoryId: row.categoryId,
        discountPercent: percent(row.discountPercent),
      })),
    })),
  }))
  .pipe(z.object({ levels: priceLevelsSchema }));
type LevelsFormInput = z.input<typeof levelsFormSchema>;

/** A level's form values. */
function levelValues(level: PriceLevel): LevelsFormInput['levels'][number] {
  return {
    code: level.code,
    name: level.name,
    discountPercent: String(level.discountPercent),
    categoryDiscounts: level.categoryDiscounts.map((row) => ({
      categoryId: row.categoryId,
      discountPercent: String(row.discountPercent),
    })),
  };
}

/**
 * The Price levels page's form (docs/requirements.md §15 "Trade terms"): each level's name, code, discount and
 * discounts per category (a category from GET /api/category); Add level, Remove level, Add category discount and
 * Remove; Save price levels sends the whole list (PUT) and shows the server's refusal (409 LEVEL_IN_USE: a removed
 * level is still given to a company) under the form.
 */
export function PriceLevelsForm() {
  const levels = usePriceLevels();
  const categories = useCategoryOptions();
  const save = useSavePriceLevels();
  if (levels.isPending || categories.isPending) return <LoadingLine />;
  if (levels.isError) return <ErrorMessage title={text.levelsLoadFailed} detail={levels.error.message} />;
  if (categories.isError)
    return <ErrorMessage title={messages.catalog.loadFailed} detail={categories.error.message} />;
  return (
    <Form
      key={levels.dataUpdatedAt}
      schema={levelsFormSchema}
      defaultValues={{ levels: levels.data.map(levelValues) }}
      onSubmit={async (input, form) => {
        try {
          await save.mutateAsync(input.levels);
        } catch (error) {
          throwToForm(error, form, 'levels.');
        }
      }}
      className="flex flex-col gap-6"
    >
      <Levels categories={categories.data} />
      <FormAlert />
      <div>
        <SubmitButton>{(submitting) => (submitting ? text.saving : text.savePriceLevels)}</SubmitButton>
      </div>
    </Form>
  );
}

/** The message of field `name`, if any. */
function useFieldError(name: string): string | undefined {
  const { errors } = useFormState();
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** An input of the form with its label and message (the Form's Field, with an explicit id for the list). */
function LevelInput({ name, label, ...input }: { name: string; label: string; inputMode?: 'decimal' }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = `field-${name.replaceAll('.', '-')}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        {...input}
        {...register(name)}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Levels({ categories }: { categories: Category[] }) {
  const { control } = useFormContext<LevelsFormInput>();
  const levels = useFieldArray({ control, name: 'levels' });
  const listError = useFieldError('levels');
  return (
    <>
      {levels.fields.map((field, index) => (
        <Level key={field.id} index={index} categories={categories} onRemove={() => levels.remove(index)} />
      ))}
      {listError ? <p className="text-error">{listError}</p> : null}
      <div>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => levels.append({ code: '', name: '', discountPercent: '0', categoryDiscounts: [] })}
        >
          {text.addLevel}
        </button>
      </div>
    </>
  );
}

interface LevelProps {
  index: number;
  categories: Category[];
  onRemove: () => void;
}

/** One level: Name, Code, Discount (%), its category discounts, and Remove level. */
function Level({ index, categories, onRemove }: LevelProps) {
  const { control, register } = useFormContext<LevelsFormInput>();
  const rows = useFieldArray({ control, name: `levels.${index}.categoryDiscounts` });
  const name = useWatch({ control, name: `levels.${index}.name` });
  const heading = name.trim() || text.levelHeading(index + 1);
  const headingId = `level-${index}-heading`;
  const base = `levels.${index}`;
  const rowsError = useFieldError(`${base}.categoryDiscounts`);
  const errors = useFormState({ control }).errors;
  const cellError = (field: string) => (get(errors, field) as { message?: string } | undefined)?.message;
  return (
    <fieldset aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {heading}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={text.removeLevel(heading)}
          onClick={onRemove}
        >
          {text.remove}
        </button>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <LevelInput name={`${base}.name`} label={text.levelName} />
        <LevelInput name={`${base}.code`} label={text.levelCode} />
        <LevelInput name={`${base}.discountPercent`} label={text.discountPercent} inputMode="decimal" />
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="table table-sm">
          <caption className="text-left font-medium">{text.categoryDiscountsCaption(heading)}</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{text.category}</th>
              <th scope="col">{text.discountPercent}</th>
              <th scope="col">{text.columnActions}</th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((field, row) => {
              const categoryError = cellError(`${base}.categoryDiscounts.${row}.categoryId`);
              const discountError = cellError(`${base}.categoryDiscounts.${row}.discountPercent`);
              return (
                <tr key={field.id}>
                  <td>
                    <select
                      className={`select select-sm w-full ${categoryError ? 'select-error' : ''}`}
                      aria-label={`${text.category} ${row + 1} (${heading})`}
                      aria-invalid={categoryError ? true : undefined}
                      {...register(`levels.${index}.categoryDiscounts.${row}.categoryId`)}
                    >
                      <option value="">{text.chooseCategory}</option>
                      {categories.map((category) => (
                        <option key={category._id} value={category._id}>
                          {category.name}
                        </option>
                      ))}
                    </select>
                    {categoryError ? <p className="text-sm text-error">{categoryError}</p> : null}
                  </td>
                  <td>
                    <input
                      className={`input input-sm w-full ${discountError ? 'input-error' : ''}`}
                      aria-label={`${text.discountPercent} ${row + 1} (${heading})`}
                      aria-invalid={discountError ? true : undefined}
                      inputMode="decimal"
                      autoComplete="off"
                      {...register(`levels.${index}.categoryDiscounts.${row}.discountPercent`)}
                    />
                    {discountError ? <p className="text-sm text-error">{discountError}</p> : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`${text.removeCategoryDiscount(row + 1)} (${heading})`}
                      onClick={() => rows.remove(row)}
                    >
                      {text.remove}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rowsError ? <p className="text-error">{rowsError}</p> : null}
      <button
        type="button"
        className="btn btn-sm mt-2"
        onClick={() => rows.append({ categoryId: '', discountPercent: '' })}
      >
        {text.addCategoryDiscount}
      </button>
    </fieldset>
  );
}
