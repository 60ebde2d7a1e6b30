import { messages } from '@partsforge/shared/messages';
import { Spinner } from './spinner';

/** A screen-high spinner while a page's code or data loads. */
export function PageSpinner({ label = messages.common.loadingPage }: { label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="flex min-h-screen items-start justify-center p-8 pt-[30vh]"
    >
      <Spinner size="lg" />
    </div>
  );
}
