import { catalogCsvMessages } from '@partsforge/shared/catalog-csv-messages';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { CsvImportOutcome } from '@/lib/csv-import';
import { ErrorMessage } from './error-message';
import { ImportReport } from './import-report';
import { Spinner } from './spinner';

/** A preview (dry run) or an apply of one import file. */
type ImportMutation = UseMutationResult<CsvImportOutcome, Error, File>;

interface CsvImportDialogProps {
  /** Open while true; Close and Escape call onClose. */
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the file holds, under the file input. */
  fileHint: string;
  /** The dry run of a file (changes nothing). */
  preview: ImportMutation;
  /** The import itself (all or nothing); what it does once written (a toast, refetches) is the mutation's. */
  apply: ImportMutation;
}

/**
 * An all-or-nothing CSV import (the catalogue's, docs/requirements.md §13 "Catalogue in bulk"; a company's contract
 * prices, §15 "Trade terms"), on the native `<dialog>` for focus and Escape: a file, then Preview (a dry run: what
 * would be created, updated and left unchanged, and every error by row and column), then Apply import, enabled only
 * once the preview of that file has no errors. The result replaces the preview.
 */
export function CsvImportDialog({ open, onClose, title, fileHint, preview, apply }: CsvImportDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<(CsvImportOutcome & { kind: 'preview' | 'result' }) | null>(null);
  const busy = preview.isPending || apply.isPending;
  const failure = preview.error ?? apply.error;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const reset = () => {
    setShown(null);
    preview.reset();
    apply.reset();
  };
  const close = () => {
    if (busy) return;
    reset();
    setFile(null);
    onClose();
  };
  const canApply = shown?.kind === 'preview' && shown.report.errors.length === 0 && file !== null && !busy;

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="modal-box w-11/12 max-w-3xl">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <div className="flex flex-col gap-1 py-4">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {catalogCsvMessages.fileLabel}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full"
            aria-describedby={`${id}-hint`}
            disabled={busy}
            onChange={(event) => {
              reset();
              setFile(event.target.files?.[0] ?? null);
            }}
          />
          <p id={`${id}-hint`} className="text-sm text-base-content/80">
            {fileHint}
          </p>
        </div>

        <div aria-live="polite" className="space-y-4">
          {busy ? (
            <p className="flex items-center gap-2">
              <Spinner />
              {preview.isPending ? catalogCsvMessages.previewing : catalogCsvMessages.applying}
            </p>
          ) : null}
          {failure && !busy ? (
            <ErrorMessage
              title={apply.error ? catalogCsvMessages.importFailed : catalogCsvMessages.previewFailed}
              detail={failure.message}
            />
          ) : null}
          {shown && !busy ? <ImportReport outcome={shown} kind={shown.kind} /> : null}
        </div>

        <div className="modal-action flex-wrap">
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {catalogCsvMessages.close}
          </button>
          <button
            type="button"
            className="btn"
            disabled={file === null || busy}
            onClick={() => {
              if (!file) return;
              reset();
              preview.mutate(file, { onSuccess: (outcome) => setShown({ ...outcome, kind: 'preview' }) });
            }}
          >
            {catalogCsvMessages.preview}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canApply}
            onClick={() => {
              if (!file) return;
              apply.mutate(file, {
                // A file refused for its errors (changed since the preview) shows them as a preview does.
                onSuccess: (outcome) =>
                  setShown({ ...outcome, kind: outcome.applied ? 'result' : 'preview' }),
              });
            }}
          >
            {catalogCsvMessages.apply}
          </button>
        </div>
      </div>
    </dialog>
  );
}
