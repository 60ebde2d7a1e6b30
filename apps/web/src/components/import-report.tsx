import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import type { CsvImportOutcome } from '@/lib/csv-import';

interface ImportReportProps {
  outcome: CsvImportOutcome;
  /** A preview (dry run: what would happen) or the result of the import itself. */
  kind: 'preview' | 'result';
}

/**
 * What an all-or-nothing CSV import did or would do (the catalogue's, docs/requirements.md §13 "Catalogue in bulk";
 * a company's contract prices, §15 "Trade terms"): rows created, updated and unchanged, then every error with its
 * spreadsheet row (the header is row 1) and column, or a line saying there is none. An import that replaces a whole
 * list also counts the rows removed.
 */
export function ImportReport({ outcome, kind }: ImportReportProps) {
  const { report } = outcome;
  const preview = kind === 'preview';
  const counts: [string, number][] = [
    [preview ? catalogCsvMessages.toCreate : catalogCsvMessages.created, report.created],
    [preview ? catalogCsvMessages.toUpdate : catalogCsvMessages.updated, report.updated],
    [catalogCsvMessages.unchanged, report.unchanged],
  ];
  if (report.removed !== undefined)
    counts.push([preview ? catalogCsvMessages.toRemove : catalogCsvMessages.removed, report.removed]);
  return (
    <section aria-label={preview ? catalogCsvMessages.previewHeading : catalogCsvMessages.resultHeading}>
      <h3 className="font-semibold">
        {preview ? catalogCsvMessages.previewHeading : catalogCsvMessages.resultHeading}
      </h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center sm:grid-flow-col sm:grid-cols-none">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-box border border-base-300 p-2">
            <dt className="text-sm text-base-content/80">{label}</dt>
            <dd className="text-lg font-semibold">{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {report.errors.length === 0 ? (
        preview ? (
          <p className="mt-3 text-success">{catalogCsvMessages.noErrors}</p>
        ) : null
      ) : (
        <div className="mt-3 max-h-80 overflow-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <caption className="p-2 text-left text-error">{catalogCsvMessages.errorsCaption}</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">{catalogCsvMessages.row}</th>
                <th scope="col">{catalogCsvMessages.column}</th>
                <th scope="col">{catalogCsvMessages.problem}</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error, index) => (
                <tr key={index}>
                  <td>{error.row}</td>
                  <td>{error.column ?? ''}</td>
                  <td className="break-words">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
