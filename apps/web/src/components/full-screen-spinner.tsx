import { messages } from '@partsforge/shared/messages';
import { Spinner } from './spinner';

/** Covers the whole viewport while a page's data loads; announced to screen readers as a status. */
export function FullScreenSpinner({ label = messages.common.loading }: { label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="fixed inset-0 z-50 flex items-center justify-center bg-base-100/90"
    >
      <Spinner size="lg" />
    </div>
  );
}
