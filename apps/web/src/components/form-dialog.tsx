import { useEffect, useId, useRef, type ReactNode } from 'react';

interface FormDialogProps {
  /** Open while true; Escape calls onClose. */
  open: boolean;
  title: string;
  onClose: () => void;
  /** The dialog's content and buttons (a form, a confirmation's text); mounted only while open (fresh each time). */
  children: ReactNode;
}

/**
 * A modal named by its heading, on the native `<dialog>` for focus and Escape: ConfirmDialog's frame, and the one
 * of forms in a dialog (change a member, add an address, a rejection's reason).
 */
export function FormDialog({ open, title, onClose, children }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          {title}
        </h2>
        {open ? children : null}
      </div>
    </dialog>
  );
}
