import type { Part } from '@partsforge/shared/catalog';
import type { FitmentRow } from '@partsforge/shared/fitment';
import { messages } from '@partsforge/shared/messages';
import { useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorMessage } from '@/components/error-message';
import { Pagination } from '@/components/pagination';
import { PastLastPage } from '@/components/past-last-page';
import { Spinner } from '@/components/spinner';
import { useAllPartFitment, usePartFitment } from '../api/get-part-fitment';

const text = messages.fitment.table;

/** Rows per page of a part's fitment table. */
export const FITMENT_PAGE_SIZE = 20;

/** The table's state in the URL: `?make=&model=&page=` (model only with a make). */
function readFitmentParams(search: URLSearchParams) {
  const make = search.get('make')?.trim().toLowerCase() ?? '';
  const model = make ? (search.get('model')?.trim().toLowerCase() ?? '') : '';
  const page = Number(search.get('page') ?? '1');
  return { make, model, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

type FitmentParams = ReturnType<typeof readFitmentParams>;

/** The query string of `params` (empty values and page 1 left out), '?' alone when there is none. */
function fitmentSearch({ make, model, page }: FitmentParams): string {
  const search = new URLSearchParams();
  if (make) search.set('make', make);
  if (make && model) search.set('model', model);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `?${query}` : '?';
}

/** The distinct makes, or the models of one make, of a part's rows: `[slug, name]`, sorted by name. */
function choicesOf(rows: readonly FitmentRow[], make?: string): [string, string][] {
  const choices = new Map<string, string>();
  for (const row of rows) {
    if (make === undefined) choices.set(row.make, row.makeName);
    else if (row.make === make) choices.set(row.model, row.modelName);
  }
  return [...choices].sort((a, b) => a[1].localeCompare(b[1]));
}

/** The `<option>`s of a filter: "All ..." first, and the current value even when no row has it. */
function FilterOptions({
  all,
  choices,
  current,
}: {
  all: string;
  choices: [string, string][];
  current: string;
}) {
  const listed = !current || choices.some(([slug]) => slug === current);
  return (
    <>
      <option value="">{all}</option>
      {listed ? null : <option value={current}>{current}</option>}
      {choices.map(([slug, name]) => (
        <option key={slug} value={slug}>
          {name}
        </option>
      ))}
    </>
  );
}

/** A page of rows: the table scrolls sideways on narrow screens (390 px). */
function FitmentRowsTable({
  rows,
  busy,
  captionId,
}: {
  rows: FitmentRow[];
  busy: boolean;
  captionId: string;
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm" aria-labelledby={captionId} aria-busy={busy}>
        <thead className="text-base-content">
          <tr>
            {text.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              <th scope="row" className="font-medium">
                {row.makeName}
              </th>
              <td>{row.modelName}</td>
              <td className="whitespace-nowrap">{text.years(row.yearFrom, row.yearTo)}</td>
              <td>{row.engine ?? text.allEngines}</td>
              <td>{row.submodel ?? text.allSubmodels}</td>
              <td>{row.position ?? ''}</td>
              <td>{row.quantity}</td>
              <td className="min-w-40">{row.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A part's fitment table on its page (docs/requirements.md §12, part pages): the vehicles it fits (Make, Model,
 * Years, Engine, Submodel, Position, Qty, Note) from `GET /parts/{id}/fitment`, FITMENT_PAGE_SIZE a page, filtered
 * by the "Make" and "Model" selects (their options are the makes and models of the part's own rows). The make,
 * model and page are in the URL, so Back and shared links keep them. A universal part says "This part fits every
 * vehicle" and asks nothing; a part without rows says "No fitment listed".
 *
 * Props: `part`, the part shown (its id and `universal`).
 */
export function PartFitmentTable({ part }: { part: Pick<Part, '_id' | 'universal'> }) {
  const [search, setSearchParams] = useSearchParams();
  const params = readFitmentParams(search);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const listed = !part.universal;
  const options = useAllPartFitment(part._id, { enabled: listed });
  const rows = usePartFitment(
    part._id,
    {
      make: params.make,
      model: params.model,
      limit: FITMENT_PAGE_SIZE,
      offset: (params.page - 1) * FITMENT_PAGE_SIZE,
    },
    { keepPrevious: true, enabled: listed },
  );
  const go = (change: Partial<FitmentParams>) =>
    setSearchParams(fitmentSearch({ ...params, page: 1, ...change }), { preventScrollReset: true });

  const total = rows.data?.total ?? rows.data?.data.length ?? 0;
  const pageCount = Math.ceil(total / FITMENT_PAGE_SIZE);
  const filtered = Boolean(params.make);
  const allRows = options.data ?? [];
  const from = (params.page - 1) * FITMENT_PAGE_SIZE + 1;

  let body;
  if (!listed) body = <p className="rounded-box bg-base-200 p-4 font-medium">{text.universalEmpty}</p>;
  else if (rows.isError)
    body = (
      <ErrorMessage title={messages.fitment.loadFailed} detail={rows.error.message}>
        <button type="button" className="btn btn-sm mt-3" onClick={() => void rows.refetch()}>
          {messages.common.tryAgain}
        </button>
      </ErrorMessage>
    );
  else if (rows.isPending)
    body = (
      <div role="status" aria-label={messages.fitment.loading} className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  else if (rows.data.data.length === 0)
    body =
      total > 0 ? (
        <PastLastPage page={params.page} firstPage={fitmentSearch({ ...params, page: 1 })} />
      ) : filtered ? (
        <div className="rounded-box border border-dashed border-base-300 p-6">
          <p>{text.noMatch}</p>
          <Link to="?" preventScrollReset className="btn btn-sm mt-3">
            {text.showAllVehicles}
          </Link>
        </div>
      ) : (
        <p className="rounded-box bg-base-200 p-4 font-medium">{text.noFitment}</p>
      );
  else
    body = (
      <>
        <p className="mb-2 text-sm text-base-content/70" aria-live="polite">
          {text.rowCount(total, from, from + rows.data.data.length - 1)}
        </p>
        <FitmentRowsTable rows={rows.data.data} busy={rows.isPlaceholderData} captionId={`${id}-heading`} />
        <div className="mt-4">
          <Pagination
            page={params.page}
            pageCount={pageCount}
            hrefFor={(target) => fitmentSearch({ ...params, page: target })}
            onNavigate={() => heading.current?.focus()}
          />
        </div>
      </>
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-12">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="mb-4 text-2xl font-bold tracking-tight">
        {text.heading}
      </h2>
      {listed && (allRows.length > 0 || filtered) ? (
        <div className="mb-4 flex flex-wrap gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-make`} className="font-medium">
              {text.makeFilter}
            </label>
            <select
              id={`${id}-make`}
              className="select w-56 max-w-full"
              value={params.make}
              onChange={(event) => go({ make: event.target.value, model: '' })}
            >
              <FilterOptions all={text.allMakes} choices={choicesOf(allRows)} current={params.make} />
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-model`} className="font-medium">
              {text.modelFilter}
            </label>
            <select
              id={`${id}-model`}
              className="select w-56 max-w-full"
              value={params.model}
              disabled={!params.make}
              onChange={(event) => go({ model: event.target.value })}
            >
              <FilterOptions
                all={text.allModels}
                choices={params.make ? choicesOf(allRows, params.make) : []}
                current={params.model}
              />
            </select>
          </div>
        </div>
      ) : null}
      {body}
    </section>
  );
}
