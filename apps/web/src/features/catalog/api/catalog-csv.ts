import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import type { CatalogImportReport } from '@partsforge/shared/catalog-csv';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequestFile } from '@/lib/api-client';
import { postCsvImport, type CsvImportOutcome } from '@/lib/csv-import';
import { saveFile } from '@/lib/save-file';

/**
 * `GET /api/admin/parts.csv` (admin, token; docs/requirements.md §13 "Catalogue in bulk"): every part, saved as
 * parts.csv. Fetched with the access token (a plain link could not send it), then saved through an object URL.
 * ApiError on failure.
 */
export async function exportPartsCsv(): Promise<void> {
  const { blob, filename } = await apiRequestFile('admin/parts.csv', { auth: true });
  saveFile(blob, filename ?? 'parts.csv');
}

/** Export CSV: downloads parts.csv; a failure shows as a toast with the server's reason. */
export function useExportPartsCsv() {
  return useMutation({
    mutationFn: exportPartsCsv,
    onError: (error) => {
      toast.error(`${catalogCsvMessages.exportFailed} ${error.message}`);
    },
  });
}

/** The report of a catalogue import, and whether it was applied (false: a dry run, or a file with errors). */
export type CatalogImportOutcome = CsvImportOutcome<CatalogImportReport>;

/**
 * `POST /api/admin/parts/import` (admin, token) with `file` in the multipart field `file`: with `dryRun` a preview
 * that changes nothing, else the import itself (all or nothing). A 400 that carries the report (IMPORT_INVALID: the
 * file has errors, nothing written) resolves with it; other failures throw ApiError.
 */
export function importPartsCsv(file: File, dryRun: boolean): Promise<CatalogImportOutcome> {
  return postCsvImport<CatalogImportReport>('admin/parts/import', file, dryRun);
}

/** Every cached parts list and part (home, /parts, Manage Products) is stale after an import. */
const partsKey = ['parts'] as const;

/** Preview (dry run) of an import file. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (file: File) => importPartsCsv(file, true) });
}

/** Applies an import file; when it was written, the products lists refresh and a toast says what changed. */
export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importPartsCsv(file, false),
    onSuccess: async ({ report, applied }) => {
      if (!applied) return;
      toast.success(catalogCsvMessages.imported(report.created, report.updated));
      await queryClient.invalidateQueries({ queryKey: partsKey });
    },
  });
}
