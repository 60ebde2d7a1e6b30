import { messages } from '@partsforge/shared/messages';
import { ErrorMessage } from '@/components/error-message';

/** The cart could not be loaded (cart page, checkout): what went wrong and Try again. */
export function CartLoadError({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  return (
    <ErrorMessage title={messages.cart.loadFailed} detail={error?.message}>
      <button type="button" className="btn btn-sm mt-3" onClick={onRetry}>
        {messages.common.tryAgain}
      </button>
    </ErrorMessage>
  );
}
