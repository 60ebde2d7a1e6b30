import { messages } from '@partsforge/shared/messages';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useReorder } from '../api/reorder';

/**
 * Reorder (docs/requirements.md §11): puts an order's lines in the cart again, then says how many were added,
 * lists those that could not be (with the reason) and links to the cart.
 */
export function ReorderPanel({ orderId }: { orderId: string }) {
  const reorder = useReorder();
  const results = reorder.data?.results;
  const added = results?.filter((result) => result.status !== 'error') ?? [];
  const failed = results?.filter((result) => result.status === 'error') ?? [];

  return (
    <section className="flex flex-col items-start gap-3">
      <button
        type="button"
        className="btn btn-primary btn-outline"
        disabled={reorder.isPending}
        onClick={() => reorder.mutate(orderId)}
      >
        {messages.cart.reorder}
      </button>
      {reorder.isError ? (
        <p role="alert" className="text-error">
          {reorder.error.message}
        </p>
      ) : null}
      {results ? (
        <div role="status" className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
          <p className="font-semibold">{messages.cart.reorderAdded(added.length)}</p>
          {failed.length > 0 ? (
            <>
              <p>{messages.cart.reorderNotAdded}</p>
              <ul className="list-disc pl-6">
                {failed.map((result) => (
                  <li key={result.line}>
                    <span className="font-mono">{result.sku}</span>
                    {result.name ? ` ${result.name}` : ''}: {result.message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Link to={paths.cart.href()} className="btn btn-sm self-start">
            {messages.cart.viewCart}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
