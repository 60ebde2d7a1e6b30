import { ApiError, apiRequest } from './api-client';

/**
 * What an all-or-nothing CSV import did or would do (the catalogue's, docs/requirements.md §13 "Catalogue in bulk",
 * and a company's contract prices, §15 "Trade terms"): rows created, updated and unchanged, and every error with its
 * spreadsheet row (the header is row 1) and column.
 */
export interface CsvImportReport {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows the file's list replaced away (an import that replaces a whole list: contract prices). */
  removed?: number;
  errors: { row: number; column?: string | undefined; message: string }[];
}

/** The report of an import, and whether it was applied (false: a dry run, or a file with errors). */
export interface CsvImportOutcome<Report extends CsvImportReport = CsvImportReport> {
  report: Report;
  applied: boolean;
}

/** True when `body` is an import report (an import refused for its errors answers 400 with one). */
function isReport(body: unknown): body is CsvImportReport {
  return typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors);
}

/**
 * `POST /api/<path>` (token) with `file` in the multipart field `file`: with `dryRun` (`?dryRun=true`) a preview
 * that changes nothing, else the import itself (all or nothing). A 400 that carries the report (the file has
 * errors, nothing written) resolves with it; other failures throw ApiError.
 */
export async function postCsvImport<Report extends CsvImportReport>(
  path: string,
  file: File,
  dryRun: boolean,
): Promise<CsvImportOutcome<Report>> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const report = await apiRequest<Report>(path, {
      method: 'POST',
      ...(dryRun ? { params: { dryRun: 'true' } } : {}),
      body: form,
      auth: true,
    });
    return { report, applied: !dryRun && report.errors.length === 0 };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && isReport(error.body)) {
      // The 400's report, without its `message` and `code`.
      const {
        message: _message,
        code: _code,
        ...report
      } = error.body as CsvImportReport & {
        message?: unknown;
        code?: unknown;
      };
      return { report: report as Report, applied: false };
    }
    throw error;
  }
}
