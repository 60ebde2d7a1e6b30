import type { ReactNode } from 'react';
import { FormDialog } from './form-dialog';

interface ConfirmDialogProps {
  /** Open while true; closing (Cancel, Escape) calls onCancel. */
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation (docs/requirements.md §2: deletions ask first), on the native `<dialog>` for focus and Escape. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <FormDialog open={open} title={title} onClose={onCancel}>
      {children ? <div className="pb-4">{children}</div> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </FormDialog>
  );
}
