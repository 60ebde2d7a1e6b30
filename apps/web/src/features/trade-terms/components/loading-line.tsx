import { messages } from '@partsforge/shared/messages';
import { Spinner } from '@/components/spinner';

/** "Loading…" with a small spinner, announced (role="status"), while a section's data loads. */
export function LoadingLine() {
  return (
    <p role="status" className="flex items-center gap-2 text-base-content/80">
      <Spinner size="sm" />
      {messages.common.loading}
    </p>
  );
}
