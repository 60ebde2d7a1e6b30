import { messages } from '@partsforge/shared/messages';
import { useDownloadInvoice } from '../api/download-invoice';

/**
 * Download invoice (docs/requirements.md §13) for a paid order: fetches the PDF with the access token (a plain
 * link would carry none) and saves it; says so when it fails.
 */
export function DownloadInvoiceButton({ orderId }: { orderId: string }) {
  const download = useDownloadInvoice();
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <button
        type="button"
        className="btn btn-primary btn-outline"
        aria-busy={download.isPending}
        disabled={download.isPending}
        onClick={() => download.mutate(orderId)}
      >
        {download.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        {download.isPending ? messages.invoices.downloading : messages.invoices.download}
      </button>
      {download.isError ? (
        <p role="alert" className="text-error">
          {messages.invoices.downloadFailed} {download.error.message}
        </p>
      ) : null}
    </div>
  );
}
