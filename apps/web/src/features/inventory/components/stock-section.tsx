import { messages } from '@partsforge/shared/messages';
import { AdjustStockForm } from './adjust-stock-form';
import { StockHistoryTable } from './stock-history-table';

const text = messages.stock;

/**
 * The Stock section of Edit Product (docs/requirements.md §13): the part's current stock, the Adjust stock form
 * and the part's Stock history. `available` is the stock as last read (refreshed after each adjustment).
 */
export function StockSection({ partId, available }: { partId: string; available: number }) {
  return (
    <section aria-labelledby="stock-heading" className="mt-10 max-w-4xl border-t border-base-300 pt-8">
      <h2 id="stock-heading" className="mb-2 text-2xl font-bold tracking-tight">
        {text.heading}
      </h2>
      <p className="mb-6 text-lg">{text.current(available)}</p>
      <h3 className="mb-3 text-xl font-semibold">{text.adjustHeading}</h3>
      <AdjustStockForm partId={partId} />
      <h3 className="mt-8 mb-3 text-xl font-semibold">{text.historyHeading}</h3>
      <StockHistoryTable partId={partId} />
    </section>
  );
}
