import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import { useState } from 'react';
import { useExportPartsCsv } from '../api/catalog-csv';
import { ImportPartsDialog } from './import-parts-dialog';

/**
 * Manage Products' catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk"): Export CSV downloads every part
 * as parts.csv; Import CSV opens the import dialog (preview, then apply).
 */
export function CatalogCsvActions() {
  const exportCsv = useExportPartsCsv();
  const [importing, setImporting] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-sm"
        disabled={exportCsv.isPending}
        aria-busy={exportCsv.isPending}
        onClick={() => exportCsv.mutate()}
      >
        {exportCsv.isPending ? catalogCsvMessages.exporting : catalogCsvMessages.exportCsv}
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setImporting(true)}>
        {catalogCsvMessages.importCsv}
      </button>
      <ImportPartsDialog open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
