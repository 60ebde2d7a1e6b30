import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import { CsvImportDialog } from '@/components/csv-import-dialog';
import { useApplyImport, usePreviewImport } from '../api/catalog-csv';

interface ImportPartsDialogProps {
  /** Open while true; Close and Escape call onClose. */
  open: boolean;
  onClose: () => void;
}

/**
 * Manage Products' Import CSV (docs/requirements.md §13 "Catalogue in bulk"): the import dialog (a file, Preview,
 * then Apply import once the preview has no errors) on the parts import; once written, the products list refreshes.
 */
export function ImportPartsDialog({ open, onClose }: ImportPartsDialogProps) {
  const preview = usePreviewImport();
  const apply = useApplyImport();
  return (
    <CsvImportDialog
      open={open}
      onClose={onClose}
      title={catalogCsvMessages.dialogTitle}
      fileHint={catalogCsvMessages.fileHint}
      preview={preview}
      apply={apply}
    />
  );
}
